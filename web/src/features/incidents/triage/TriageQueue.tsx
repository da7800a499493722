import { reporterLabel } from '@campus-safety/model';
import { useState } from 'react';
import { RowButton } from '../../../components/Button';
import { Button } from '../../../components/Button';
import { ListState } from '../../../components/States';
import { StatusBadge } from '../../../components/StatusBadge';
import { Table, type Column } from '../../../components/Table';
import { Time } from '../../../components/Time';
import { triageQueueSpec, type Incident } from '../../../data/incidents';
import { useLiveQuery } from '../../../data/live-query';
import type { IncidentScope } from '../../../data/scopes';
import { useUnreadAlerts } from '../../../components/unread-alerts';
import { reporterRepliedWheres } from '../../../data/reporter-replies';
import { RepliedMark } from './RepliedMark';
import { AssignToMeButton } from './AssignToMeButton';
import { ResponseClockBadge } from './ResponseClockBadge';
import { rowName } from './row-name';
import type { WhereSpec } from '../../../data/spec';
import { queueHeadingId, REPORTER_REPLIED_QUEUE, TRIAGE_QUEUES, triageWheres } from './triage';
import { OnCallNowPanel } from '../../../components/OnCallNowPanel';
import { CampusName } from '../../../components/CampusName';
import { IncidentTypeName } from '../../../components/IncidentTypeName';

/** Rows a queue shows at first and adds per "Show more"; bounded so a backlog never loads whole. */
export const QUEUE_STEP = 25;
export const QUEUE_MAX = 500;

/** The row cells shared by every incident list of the console (triage queues and the full list). */
export function incidentColumns(open: (id: string) => void): Column<Incident>[] {
  return [
    { header: 'Waiting', cell: (r) => <ResponseClockBadge incident={r} /> },
    { header: 'Reported', cell: (r) => <Time value={r.timestamp} /> },
    {
      header: 'Type',
      cell: (r) => (
        <NewMark id={r.id}>
          <IncidentTypeName type={r.incidentType} />
          <RepliedMark incident={r} />
        </NewMark>
      ),
    },
    { header: 'Campus', cell: (r) => <CampusName id={r.nearestCampus} /> },
    {
      header: 'Status',
      cell: (r) => (
        <span className="inline-flex flex-col items-start gap-0.5">
          <StatusBadge status={r.status} />
          <span className="text-xs text-slate-600">Threat: {r.threatLevel ?? 'Unrated'}</span>
        </span>
      ),
    },
    { header: 'Assignee', cell: (r) => r.assignedTo?.displayName ?? '—' },
    {
      header: 'Reporter',
      cell: (r) => <span className="break-all">{reporterLabel(r)}</span>,
      // Only where the table has room for it beside the navigation; always on the cards.
      className: 'xl:hidden 2xl:table-cell',
    },
    {
      header: 'Actions',
      cell: (r) => (
        <div
          data-report-actions={r.id}
          className="flex flex-wrap gap-2 xl:flex-col xl:items-stretch"
        >
          <RowButton label="Open" row={rowName(r)} onClick={() => open(r.id)} />
          <AssignToMeButton incident={r} />
        </div>
      ),
    },
  ];
}

/** Marks a report that arrived with a new-incident alert still unread. */
function NewMark({ id, children }: { id: string; children: React.ReactNode }) {
  const unread = useUnreadAlerts((s) => s.alerts.some((a) => a.incidentId === id));
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {children}
      {unread && (
        <span className="rounded bg-orange-700 px-1.5 py-0.5 text-xs font-semibold text-white">
          New
        </span>
      )}
    </span>
  );
}

/** Highlights rows whose new-incident alert is unread (until the report is opened). */
export function useUnreadRowClass(): (row: Incident) => string {
  const unread = useUnreadAlerts((s) => s.alerts);
  const ids = new Set(unread.map((a) => a.incidentId));
  return (row) => (ids.has(row.id) ? 'bg-orange-50' : '');
}

function QueueSection({
  queue,
  wheres,
  open,
  hideWhenEmpty = false,
}: {
  queue: { key: string; title: string };
  wheres: WhereSpec[];
  open: (id: string) => void;
  /** A queue that is only news when it holds something (Reporter replied). */
  hideWhenEmpty?: boolean;
}) {
  const [size, setSize] = useState(QUEUE_STEP);
  // One row more than shown tells whether there are more, without counting the backlog.
  const list = useLiveQuery(triageQueueSpec(wheres, size + 1));
  const rows = list.data.slice(0, size);
  const more = list.data.length > size;
  const rowClass = useUnreadRowClass();
  const headingId = queueHeadingId(queue);
  if (hideWhenEmpty && list.status === 'ready' && rows.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mb-6">
      <h2 id={headingId} tabIndex={-1} className="mb-2 text-lg font-semibold text-slate-900">
        {queue.title}{' '}
        <span className="text-sm font-normal text-slate-600">
          {list.status === 'ready' ? `${rows.length}${more ? '+' : ''} · oldest first` : ''}
        </span>
      </h2>
      <ListState
        live={list}
        isEmpty={rows.length === 0}
        emptyTitle={
          queue.key === 'waiting'
            ? 'Nothing waiting for assignment'
            : queue.key === 'replied'
              ? 'No unread replies'
              : 'Nothing in hand'
        }
        emptyHint={queue.key === 'waiting' ? 'Every report has someone on it.' : undefined}
      >
        <Table
          caption={queue.title}
          columns={incidentColumns(open)}
          rows={rows}
          rowKey={(r) => r.id}
          rowClassName={rowClass}
        />
        {more && size < QUEUE_MAX && (
          <Button
            variant="secondary"
            className="mt-2"
            onClick={() => setSize((s) => Math.min(QUEUE_MAX, s + QUEUE_STEP))}
          >
            Show more ({queue.title.toLowerCase()})
          </Button>
        )}
      </ListState>
    </section>
  );
}

/** What needs action, in triage order: the unassigned reports, then those being handled. */
export function TriageQueues({
  scope,
  open,
}: {
  scope: IncidentScope;
  open: (id: string) => void;
}) {
  return (
    <>
      <OnCallNowPanel />
      <QueueSection
        queue={REPORTER_REPLIED_QUEUE}
        wheres={reporterRepliedWheres(scope)}
        open={open}
        hideWhenEmpty
      />
      {TRIAGE_QUEUES.map((queue) => (
        <QueueSection
          key={queue.key}
          queue={queue}
          wheres={triageWheres(scope, queue)}
          open={open}
        />
      ))}
    </>
  );
}
