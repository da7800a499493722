import { reporterLabel, writtenBeforeArrival } from '@campus-safety/model';
import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/Button';
import { EmptyState, ErrorState, InlineSpinner } from '../../../components/States';
import { incidentAccomplishmentsSpec } from '../../../data/accomplishments';
import { incidentSpec } from '../../../data/incidents';
import { combineLive, useLiveDoc, useLiveQuery } from '../../../data/live-query';
import { messageOf } from '../../../lib/errors';
import { formatDate, formatMinutes } from '../../../lib/format';
import { documentTitle } from '../../../lib/document-title';
import { programmeTimeZone } from '../../../lib/institution';
import { useAuth } from '../../../session/store';
import { readWholeTimeline } from '../api';
import { TimelineList } from '../timeline/IncidentTimeline';
import { incidentThread, wholeConversationSpec } from '../../../data/conversation';
import { MessageList } from '../../../components/MessageList';
import { conversationLines, fromReporter } from '../../../components/conversation-lines';
import { mergeTimeline, type TimelineItem } from '../timeline/timeline';
import { CampusName } from '../../../components/CampusName';
import { IncidentTypeName } from '../../../components/IncidentTypeName';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3 border-b border-slate-200 py-1 break-inside-avoid">
      <dt className="w-28 shrink-0 font-semibold text-slate-700 sm:w-40">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

type WholeTimeline =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: TimelineItem[]; complete: boolean };

/** The whole timeline with the notes, read once page by page (a printout is a snapshot). */
function useWholeTimeline(incidentId: string): WholeTimeline {
  const [state, setState] = useState<WholeTimeline>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    readWholeTimeline(incidentId).then(
      ({ entries, notes, complete }) => {
        if (current) setState({ status: 'ready', items: mergeTimeline(entries, notes), complete });
      },
      (error: unknown) => {
        if (current) setState({ status: 'error', message: messageOf(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [incidentId]);
  return state;
}

/**
 * `/print/reports/:id`: one incident as a staff record for hand-over and filing: its details, the timeline with who acted (internal notes included: this is a staff
 * record) and its accomplishment reports, laid out for paper (`print:` styles, no shell).
 */
export default function PrintIncidentPage() {
  const { id = '' } = useParams();
  const role = useAuth((s) => s.profile?.role ?? null);
  const incident = useLiveDoc(incidentSpec(id));
  const timeline = useWholeTimeline(id);
  const accomplishments = useLiveQuery(incidentAccomplishmentsSpec(id, role));
  const conversation = useLiveQuery(wholeConversationSpec(incidentThread(id)));
  const me = useAuth((s) => s.user?.uid ?? null);
  const data = incident.data;
  const writtenOnDevice = data ? writtenBeforeArrival(data) : null;

  useEffect(() => {
    document.title = documentTitle([`Incident report ${id}`]);
  }, [id]);

  // A staff record for filing: a part that failed to load must not print as "none".
  const all = combineLive([
    incident,
    accomplishments,
    conversation,
    timeline.status === 'error'
      ? { status: 'error', error: timeline.message }
      : { status: timeline.status, error: null },
  ]);
  return (
    <main className="mx-auto max-w-3xl bg-white p-6 text-sm text-slate-900 print:max-w-none print:p-0">
      <div className="mb-4 flex flex-wrap items-center gap-2 print:hidden">
        <Button onClick={() => window.print()} disabled={all.status !== 'ready' || !data}>
          Print
        </Button>
        <span className="text-slate-600">Use your browser&apos;s print dialog to save a PDF.</span>
      </div>
      {all.status === 'error' && <ErrorState message={all.error ?? ''} onRetry={all.retry} />}
      {all.status === 'loading' && <InlineSpinner />}
      {incident.status === 'ready' && !data && (
        <EmptyState title="This report no longer exists or you cannot see it." />
      )}
      {data && all.status === 'ready' && (
        <article className="space-y-5">
          <header>
            <h1 className="text-xl font-bold">Incident report</h1>
            <p className="text-slate-600">
              <IncidentTypeName type={data.incidentType} /> · <CampusName id={data.nearestCampus} />{' '}
              · ID {data.id}
            </p>
            <p className="text-xs text-slate-500">
              Printed {formatDate(new Date())} ({programmeTimeZone()}). Staff record: contains
              internal notes.
            </p>
          </header>
          <section aria-labelledby="print-details">
            <h2 id="print-details" className="mb-1 text-base font-semibold">
              Details
            </h2>
            <dl>
              <Row label="Status">{data.status}</Row>
              <Row label="Reported">{formatDate(data.timestamp)}</Row>
              {writtenOnDevice && (
                <Row label="Written on the device">{formatDate(writtenOnDevice)}</Row>
              )}
              <Row label="Reporter">{reporterLabel(data)}</Row>
              <Row label="Threat level">{data.threatLevel ?? '—'}</Row>
              <Row label="Tags">{data.tags?.length ? data.tags.join(', ') : '—'}</Row>
              <Row label="Assignee">
                {data.assignedTo
                  ? `${data.assignedTo.displayName} (${data.assignedTo.email})`
                  : '—'}
              </Row>
              <Row label="Waiting time">{formatMinutes(data.waitingTimeInMinutes)}</Row>
              <Row label="Response time">{formatMinutes(data.responseTimeInMinutes)}</Row>
              <Row label="Location">
                {data.geoLoc
                  ? `${data.geoLoc.latitude.toFixed(6)}, ${data.geoLoc.longitude.toFixed(6)}`
                  : '—'}
              </Row>
              {data.status === 'Declined' && (
                <Row label="Declined">
                  {data.declineReason ?? '—'}: {data.declineDescription ?? ''}
                </Row>
              )}
              <Row label="Description">
                <span className="whitespace-pre-wrap">{data.description || '—'}</span>
              </Row>
            </dl>
          </section>
          <section aria-labelledby="print-timeline" className="break-inside-auto">
            <h2 id="print-timeline" className="mb-1 text-base font-semibold">
              Timeline
            </h2>
            {timeline.status === 'ready' && (
              <>
                <TimelineList items={timeline.items} />
                {!timeline.complete && (
                  <p className="mt-1 font-semibold">
                    This history is longer than a printout holds; it is cut after the first{' '}
                    {timeline.items.length} lines.
                  </p>
                )}
              </>
            )}
          </section>
          <section aria-labelledby="print-conversation">
            <h2 id="print-conversation" className="mb-1 text-base font-semibold">
              Conversation with the reporter
            </h2>
            {conversation.data.length === 0 ? (
              <p className="text-slate-600">None.</p>
            ) : (
              // Oldest first already: the list takes the newest first.
              <MessageList
                lines={conversationLines([...conversation.data].reverse(), me)}
                theirs={fromReporter}
              />
            )}
          </section>
          <section aria-labelledby="print-accomplishments">
            <h2 id="print-accomplishments" className="mb-1 text-base font-semibold">
              Accomplishment reports
            </h2>
            {accomplishments.data.length === 0 && <p className="text-slate-600">None.</p>}
            {accomplishments.data.map((a) => (
              <div
                key={a.id}
                className="mb-3 rounded border border-slate-300 p-3 break-inside-avoid"
              >
                <h3 className="font-semibold">{a.title}</h3>
                <p className="text-slate-600">
                  {a.resolveCode} · {formatDate(a.timestamp)}
                  {a.threatLevel ? ` · Threat level ${a.threatLevel}` : ''}
                  {a.isArchived ? ' · Archived' : ''}
                </p>
                <p className="mt-1 whitespace-pre-wrap">{a.description}</p>
              </div>
            ))}
          </section>
        </article>
      )}
    </main>
  );
}
