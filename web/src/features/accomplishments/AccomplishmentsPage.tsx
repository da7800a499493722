import { useState } from 'react';
import { isStaffRole } from '@campus-safety/model';
import { ArchiveButton, Button, RowButton } from '../../components/Button';
import { ArchiveConfirmDialog, Dialog, DialogActions, DialogFooter } from '../../components/Dialog';
import { SelectField } from '../../components/fields';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, InlineSpinner, ListState } from '../../components/States';
import { PagedTable, type Column } from '../../components/Table';
import { toast } from '../../components/toast-store';
import {
  accomplishmentsSpec,
  setAccomplishmentArchived,
  type Accomplishment,
} from '../../data/accomplishments';
import { handledIncidentsSpec, type Incident } from '../../data/incidents';
import { useMediaUrl } from '../../data/media';
import { useLiveQuery } from '../../data/live-query';
import { formatDate } from '../../lib/format';
import { useAuth } from '../../session/store';
import { AccomplishmentFormDialog } from './AccomplishmentFormDialog';
import { ExportAccomplishmentsButton } from './ExportAccomplishmentsButton';
import { accomplishmentPhotoPath } from './photo';
import { Time } from '../../components/Time';
import { useCampusName } from '../../data/settings';
import { CampusName } from '../../components/CampusName';

/** Newest copies shown; older ones are reached through the incident they belong to. */
const LIST_LIMIT = 500;

type Mode = { kind: 'view' | 'edit' | 'archive'; row: Accomplishment } | { kind: 'create' } | null;

function IncidentPicker({
  onPick,
  onClose,
}: {
  onPick: (incident: Incident) => void;
  onClose: () => void;
}) {
  const nameOf = useCampusName();
  const profile = useAuth((s) => s.profile);
  const uid = useAuth((s) => s.user?.uid ?? '');
  const open = useLiveQuery(
    handledIncidentsSpec(
      { role: profile?.role ?? null, uid, campus: profile?.campus ?? null, archived: false },
      100,
    ),
  );
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string>();
  return (
    <Dialog
      open
      onClose={onClose}
      title="New accomplishment report"
      description="Choose the open incident it reports on."
    >
      <ListState live={open} emptyTitle="No open incidents">
        <SelectField
          label="Incident"
          value={choice}
          onChange={setChoice}
          placeholder="Choose…"
          options={open.data.map((i) => ({
            value: i.id,
            label: `${formatDate(i.timestamp)} · ${i.incidentType} · ${nameOf(i.nearestCampus)} · ${i.status}`,
          }))}
          error={error}
        />
      </ListState>
      <DialogFooter
        onCancel={onClose}
        label="Continue"
        onConfirm={() => {
          const incident = open.data.find((i) => i.id === choice);
          if (!incident) setError('Choose an incident.');
          else onPick(incident);
        }}
      />
    </Dialog>
  );
}

/**
 * The photo read through the Storage rules as the viewer (an object URL), never by its stored
 * link: the rules decide who sees it, as they do for incident media.
 */
function AccomplishmentPhoto({ path, alt }: { path: string | null; alt: string }) {
  const { url, error } = useMediaUrl(path ?? undefined);
  const problem = path ? error : 'The photo is not stored where this report’s photos are.';
  if (problem)
    return <p className="mt-4 text-sm text-red-700">The photo could not be shown: {problem}</p>;
  if (!url) return <InlineSpinner label="Loading the photo…" />;
  return <img src={url} alt={alt} className="mt-4 max-h-80 max-w-full rounded" />;
}

export default function AccomplishmentsPage({ archived = false }: { archived?: boolean }) {
  const nameOf = useCampusName();
  const role = useAuth((s) => s.profile?.role ?? null);
  const campus = useAuth((s) => s.profile?.campus ?? null);
  const [mode, setMode] = useState<Mode>(null);
  const [createFor, setCreateFor] = useState<Incident | null>(null);
  const spec = accomplishmentsSpec(role, campus, archived, LIST_LIMIT);
  const list = useLiveQuery(spec);
  const staff = isStaffRole(role);

  async function toggleArchive(row: Accomplishment) {
    await setAccomplishmentArchived(row.id, !row.isArchived);
    toast.success(
      row.isArchived ? 'Accomplishment report restored' : 'Accomplishment report archived',
    );
    setMode(null);
  }

  const columns: Column<Accomplishment>[] = [
    {
      header: 'Submitted',
      cell: (r) => <Time value={r.timestamp} />,
    },
    { header: 'Title', cell: (r) => r.title },
    { header: 'Resolve code', cell: (r) => r.resolveCode },
    {
      header: 'Incident',
      cell: (r) => (r.report ? `${r.report.type} · ${nameOf(r.report.campus)}` : '—'),
    },
    { header: 'Assignee', cell: (r) => r.report?.assignee || '—' },
    { header: 'Threat level', cell: (r) => r.threatLevel ?? r.report?.threatLevel ?? '—' },
    {
      header: 'Actions',
      cell: (r) => (
        <div className="flex flex-wrap gap-1">
          <RowButton label="View" row={r.title} onClick={() => setMode({ kind: 'view', row: r })} />
          {staff && !r.isArchived && r.report && (
            <RowButton
              label="Edit"
              row={r.title}
              onClick={() => setMode({ kind: 'edit', row: r })}
            />
          )}
          {role === 'Admin' && (
            <ArchiveButton
              archived={r.isArchived}
              name={r.title}
              onClick={() => setMode({ kind: 'archive', row: r })}
            />
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={archived ? 'Archived accomplishment reports' : 'Accomplishment reports'}
        subtitle="Newest first"
        actions={
          <>
            <ExportAccomplishmentsButton role={role} campus={campus} archived={archived} />
            {staff && !archived && (
              <Button onClick={() => setMode({ kind: 'create' })}>New accomplishment report</Button>
            )}
          </>
        }
      />
      {spec === null ? (
        <EmptyState title="Accomplishment reports are kept by campus safety staff.">
          The status of your own reports is on the incident reports screen.
        </EmptyState>
      ) : (
        <ListState
          live={list}
          emptyTitle={archived ? 'No archived accomplishment reports' : 'No accomplishment reports'}
        >
          <PagedTable caption="Accomplishment reports" columns={columns} rows={list.data} />
        </ListState>
      )}

      {mode?.kind === 'view' && (
        <Dialog open onClose={() => setMode(null)} title={mode.row.title} wide>
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-semibold">Submitted</dt>
              <dd>
                <Time value={mode.row.timestamp} />
              </dd>
            </div>
            <div>
              <dt className="font-semibold">Resolve code</dt>
              <dd>{mode.row.resolveCode}</dd>
            </div>
            <div>
              <dt className="font-semibold">Threat level</dt>
              <dd>{mode.row.threatLevel ?? mode.row.report?.threatLevel ?? '—'}</dd>
            </div>
            {mode.row.report && (
              <>
                <div>
                  <dt className="font-semibold">Incident</dt>
                  <dd>
                    {mode.row.report.type} on {mode.row.report.date} {mode.row.report.time}
                  </dd>
                </div>
                <div>
                  <dt className="font-semibold">Campus</dt>
                  <dd>
                    <CampusName id={mode.row.report.campus} />
                  </dd>
                </div>
                <div>
                  <dt className="font-semibold">Assignee</dt>
                  <dd>{mode.row.report.assignee || '—'}</dd>
                </div>
                <div>
                  <dt className="font-semibold">Location</dt>
                  <dd>
                    {mode.row.report.latitude}, {mode.row.report.longitude}
                  </dd>
                </div>
              </>
            )}
          </dl>
          <p className="mt-4 whitespace-pre-wrap text-sm">{mode.row.description}</p>
          {mode.row.imageUrl && (
            <AccomplishmentPhoto
              path={accomplishmentPhotoPath(mode.row)}
              alt={`Photo for ${mode.row.title}`}
            />
          )}
          <DialogActions>
            <Button variant="secondary" onClick={() => setMode(null)}>
              Close
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {mode?.kind === 'edit' && mode.row.report && (
        <AccomplishmentFormDialog
          incidentId={mode.row.report.id}
          existing={mode.row}
          onClose={() => setMode(null)}
        />
      )}
      {mode?.kind === 'create' && !createFor && (
        <IncidentPicker onPick={setCreateFor} onClose={() => setMode(null)} />
      )}
      {createFor && (
        <AccomplishmentFormDialog
          incidentId={createFor.id}
          defaultThreatLevel={createFor.threatLevel}
          onClose={() => {
            setCreateFor(null);
            setMode(null);
          }}
        />
      )}
      <ArchiveConfirmDialog
        item={mode?.kind === 'archive' ? mode.row : null}
        what="accomplishment report"
        message={(r) =>
          `“${r.title}” will be ${r.isArchived ? 'restored to the live list' : 'moved to the archive'}.`
        }
        onConfirm={toggleArchive}
        onClose={() => setMode(null)}
      />
    </>
  );
}
