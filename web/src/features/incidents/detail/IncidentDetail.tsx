import { reporterLabel, writtenBeforeArrival } from '@campus-safety/model';
import { useEffect, useState, type ComponentType } from 'react';
import { Button } from '../../../components/Button';
import { ConfirmDialog, Dialog } from '../../../components/Dialog';
import { LocationMap } from '../../../components/map';
import { InlineSpinner, ErrorState, EmptyState } from '../../../components/States';
import { StatusBadge } from '../../../components/StatusBadge';
import { toast } from '../../../components/toast-store';
import { formatMinutes } from '../../../lib/format';
import { incidentAccomplishmentsSpec } from '../../../data/accomplishments';
import { incidentSpec } from '../../../data/incidents';
import { useLiveDoc, useLiveQuery } from '../../../data/live-query';
import { useAuth } from '../../../session/store';
import { useUnreadAlerts } from '../../../components/unread-alerts';
import { availableActions, needsMyAcknowledgement, type IncidentAction } from './actions';
import { AcknowledgePanel } from './AcknowledgePanel';
import { AssignDialog } from './AssignDialog';
import { DeclineDialog } from './DeclineDialog';
import { ReassignDialog } from './ReassignDialog';
import { RevealReporterDialog } from './RevealReporterDialog';
import { Time } from '../../../components/Time';
import { respondToIncident, setIncidentArchived } from '../api';
import { IncidentTimeline } from '../timeline/IncidentTimeline';
import { IncidentConversation } from '../conversation/IncidentConversation';
import { IncidentMediaPanel } from '../media/IncidentMediaPanel';
import { CampusName } from '../../../components/CampusName';
import { IncidentTypeName } from '../../../components/IncidentTypeName';

const ACTION_LABELS: Record<IncidentAction, string> = {
  assign: 'Assign',
  reassign: 'Reassign',
  respond: 'Mark as responded',
  accomplish: 'Submit accomplishment report',
  decline: 'Decline',
  archive: 'Archive',
  restore: 'Restore',
  reveal: 'Reveal reporter',
};

function osmLink(lat: number, lon: number) {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** The form that writes an accomplishment report for this incident (another feature's, given by the app). */
export type AccomplishDialog = ComponentType<{
  incidentId: string;
  defaultThreatLevel?: string | null;
  onClose: () => void;
}>;

export function IncidentDetail({
  id,
  onClose,
  accomplishDialog: AccomplishmentFormDialog,
}: {
  id: string;
  onClose: () => void;
  accomplishDialog: AccomplishDialog;
}) {
  const role = useAuth((s) => s.profile?.role ?? null);
  const uid = useAuth((s) => s.user?.uid ?? null);
  const incident = useLiveDoc(incidentSpec(id));
  const accomplishments = useLiveQuery(incidentAccomplishmentsSpec(id, role));
  const [action, setAction] = useState<IncidentAction | null>(null);
  const data = incident.data;
  const writtenOnDevice = data ? writtenBeforeArrival(data) : null;
  // Opening a report reads its new-incident alert.
  useEffect(() => useUnreadAlerts.getState().markRead(id), [id]);

  async function confirmSimple() {
    if (!data || !action) return;
    if (action === 'respond') {
      await respondToIncident(data.id);
      toast.success('Report marked as responded');
    } else {
      await setIncidentArchived(data.id, action === 'archive');
      toast.success(action === 'archive' ? 'Report archived' : 'Report restored');
    }
    setAction(null);
  }

  return (
    <Dialog open onClose={action ? () => undefined : onClose} title="Incident report" wide>
      {incident.status === 'loading' && <InlineSpinner />}
      {incident.status === 'error' && <ErrorState message={incident.error ?? ''} />}
      {incident.status === 'ready' && !data && (
        <EmptyState title="This report no longer exists or you cannot see it." />
      )}
      {data && (
        <div className="space-y-5">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={data.status} />
            {data.isArchived && (
              <span className="rounded bg-slate-200 px-2 py-0.5 text-xs">Archived</span>
            )}
            <span className="text-sm text-slate-600">ID {data.id}</span>
          </div>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Field label="Reported">
              <Time value={data.timestamp} />
            </Field>
            {/* A report queued on a phone without signal arrives later than it was written. */}
            {writtenOnDevice && (
              <Field label="Written on the device">
                <Time value={writtenOnDevice} />
              </Field>
            )}
            <Field label="Type">
              <IncidentTypeName type={data.incidentType} />
            </Field>
            <Field label="Campus">
              <CampusName id={data.nearestCampus} />
            </Field>
            <Field label="Reporter">{reporterLabel(data)}</Field>
            <Field label="Threat level">{data.threatLevel ?? '—'}</Field>
            <Field label="Tags">{data.tags?.length ? data.tags.join(', ') : '—'}</Field>
            <Field label="Assignee">
              {data.assignedTo ? `${data.assignedTo.displayName} (${data.assignedTo.email})` : '—'}
            </Field>
            <Field label="Acknowledged">
              {data.acknowledgedAt ? (
                <Time value={data.acknowledgedAt} />
              ) : data.status === 'Processing' ? (
                'Not yet'
              ) : (
                '—'
              )}
            </Field>
            <Field label="Waiting time">{formatMinutes(data.waitingTimeInMinutes)}</Field>
            <Field label="Response time">{formatMinutes(data.responseTimeInMinutes)}</Field>
            {data.status === 'Declined' && (
              <>
                <Field label="Decline reason">{data.declineReason ?? '—'}</Field>
                <div className="sm:col-span-2">
                  <Field label="Decline description">{data.declineDescription ?? '—'}</Field>
                </div>
              </>
            )}
          </dl>
          {needsMyAcknowledgement(data, uid) && <AcknowledgePanel incidentId={data.id} />}
          {data.description && (
            <p className="whitespace-pre-wrap rounded bg-slate-50 p-3 text-sm">
              {data.description}
            </p>
          )}

          <section aria-labelledby="location-heading">
            <h3 id="location-heading" className="font-semibold text-slate-900">
              Location
            </h3>
            {data.geoLoc ? (
              <div className="mt-1 space-y-2">
                <LocationMap latitude={data.geoLoc.latitude} longitude={data.geoLoc.longitude} />
                <div className="flex flex-wrap items-center gap-3 text-sm">
                  <span>
                    {data.geoLoc.latitude.toFixed(6)}, {data.geoLoc.longitude.toFixed(6)}
                  </span>
                  <a
                    className="font-medium text-sky-800 underline"
                    href={osmLink(data.geoLoc.latitude, data.geoLoc.longitude)}
                    target="_blank"
                    rel="noreferrer"
                  >
                    Open in OpenStreetMap
                  </a>
                </div>
              </div>
            ) : (
              <p className="text-sm text-slate-600">No location was sent.</p>
            )}
          </section>

          <IncidentMediaPanel incident={data} />

          <div className="grid gap-5 lg:grid-cols-2">
            <IncidentTimeline incident={data} />
            <IncidentConversation incident={data} />
          </div>

          <section aria-labelledby="accomplishments-heading">
            <h3 id="accomplishments-heading" className="font-semibold text-slate-900">
              Accomplishment reports
            </h3>
            {accomplishments.status === 'loading' && <InlineSpinner />}
            {accomplishments.status === 'error' && (
              <p className="text-sm text-red-700">{accomplishments.error}</p>
            )}
            {accomplishments.status === 'ready' && accomplishments.data.length === 0 && (
              <p className="text-sm text-slate-600">None yet.</p>
            )}
            <ul className="mt-1 space-y-2">
              {accomplishments.data.map((a) => (
                <li key={a.id} className="rounded border border-slate-200 p-2 text-sm">
                  <p className="font-medium">{a.title}</p>
                  <p className="text-slate-600">
                    {a.resolveCode} · <Time value={a.timestamp} />
                  </p>
                </li>
              ))}
            </ul>
          </section>

          <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
            {availableActions(data, role).map((a) => (
              <Button
                key={a}
                variant={
                  a === 'decline' || a === 'archive'
                    ? 'danger'
                    : a === 'restore' || a === 'reveal'
                      ? 'secondary'
                      : 'primary'
                }
                onClick={() => setAction(a)}
              >
                {ACTION_LABELS[a]}
              </Button>
            ))}
            <Button variant="secondary" className="ml-auto" onClick={onClose}>
              Close
            </Button>
          </div>

          {action === 'assign' && <AssignDialog incident={data} onClose={() => setAction(null)} />}
          {action === 'reassign' && (
            <ReassignDialog incident={data} onClose={() => setAction(null)} />
          )}
          {action === 'reveal' && (
            <RevealReporterDialog incident={data} onClose={() => setAction(null)} />
          )}
          {action === 'decline' && (
            <DeclineDialog incident={data} onClose={() => setAction(null)} />
          )}
          {action === 'accomplish' && (
            <AccomplishmentFormDialog
              incidentId={data.id}
              defaultThreatLevel={data.threatLevel}
              onClose={() => setAction(null)}
            />
          )}
          <ConfirmDialog
            open={action === 'respond' || action === 'archive' || action === 'restore'}
            title={action ? ACTION_LABELS[action] : ''}
            message={
              action === 'respond'
                ? 'Mark this report as responded? The reporter will be notified.'
                : action === 'archive'
                  ? 'Archive this report? It leaves the live list and can be restored from the archive.'
                  : 'Restore this report to the live list?'
            }
            confirmLabel={action ? ACTION_LABELS[action] : 'Confirm'}
            destructive={action === 'archive'}
            onConfirm={confirmSimple}
            failureTitle="Could not update the report"
            onClose={() => setAction(null)}
          />
        </div>
      )}
    </Dialog>
  );
}
