import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { incidentTypeLabel, writtenBeforeArrival } from '@campus-safety/model';
import { ErrorState, InlineSpinner } from '../../../components/States';
import { StatusBadge } from '../../../components/StatusBadge';
import { Time } from '../../../components/Time';
import { incidentSpec } from '../../../data/incidents';
import { useLiveDoc, useLiveQuery, usePendingWrites } from '../../../data/live-query';
import { reportNotificationsSpec } from '../../../data/reporter';
import { useIncidentTypes } from '../../../data/settings';
import { useTitleDetail } from '../../../lib/document-title';
import { useAuth } from '../../../session/store';
import { AppPage } from '../AppFrame';
import { ReporterConversation } from '../conversation/ReporterConversation';
import { DeliveryNote } from '../offline/DeliveryNote';
import { REPORT_REFUSED_PAGE_TEXT, useRetryWhileArriving } from '../offline/delivery';
import { useHeldReports } from '../offline/held-reports';
import { ReporterMedia } from './ReporterMedia';
import { handlerText, reporterTimeline } from './timeline';
import { CampusName } from '../../../components/CampusName';

/** One of the reporter's reports: where it stands, who handles it, its story and the messages. */
export default function ReportDetailPage() {
  const { id = '' } = useParams();
  const uid = useAuth((s) => s.user?.uid ?? '');
  // Set by the form that filed it ('sent' or held 'on-device'), with the files chosen there.
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as { filed?: string; media?: File[] } | null;
  const filedAs = state?.filed;
  const [chosenMedia] = useState<File[]>(() => state?.media ?? []);
  // Kept in memory only: a reload must not upload them a second time.
  useEffect(() => {
    if (state?.media)
      void navigate(location.pathname, { replace: true, state: { filed: state.filed } });
  }, [state, location.pathname, navigate]);
  const filed = filedAs !== undefined;
  const types = useIncidentTypes();
  const report = useLiveDoc(incidentSpec(id));
  const pending = usePendingWrites(incidentSpec(id));
  const held = filedAs === 'on-device';
  const arriving = useRetryWhileArriving(report, held);
  const told = useLiveQuery(reportNotificationsSpec(uid, id));
  const incident = report.data;
  const type = incident ? incidentTypeLabel(types, incident.incidentType) : null;
  const written = incident ? writtenBeforeArrival(incident) : null;
  useTitleDetail(type);
  // Held on this device and refused on arrival: explained, with its content, above the page.
  const refused = useHeldReports(uid).some((r) => r.id === id && r.refused);

  if (refused)
    return (
      <AppPage title="Report not sent">
        <p className="text-sm text-slate-700">{REPORT_REFUSED_PAGE_TEXT}</p>
        <Link to="/app" className="mt-3 inline-block text-sm font-medium text-sky-800 underline">
          Back to my reports
        </Link>
      </AppPage>
    );
  if (report.status === 'loading' || arriving) return <InlineSpinner />;
  if (report.status === 'error' || !incident)
    return (
      <AppPage title="Report">
        <ErrorState
          message={report.error ?? 'This report is not one of yours, or it no longer exists.'}
          onRetry={report.retry}
        />
        <Link to="/app" className="mt-3 inline-block text-sm font-medium text-sky-800 underline">
          Back to my reports
        </Link>
      </AppPage>
    );

  return (
    <AppPage title={type ?? 'Report'}>
      <DeliveryNote pending={pending} className="mb-4" />
      {filed && !pending && (
        <p role="status" className="mb-4 rounded-md bg-green-50 p-3 text-sm text-green-900">
          Your report was sent to the <CampusName id={incident.nearestCampus} /> safety team.
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-600">Status</dt>
        <dd>
          <StatusBadge status={incident.status} />
        </dd>
        <dt className="text-slate-600">Handled by</dt>
        <dd data-testid="handler">{handlerText(incident)}</dd>
        <dt className="text-slate-600">Campus</dt>
        <dd>
          <CampusName id={incident.nearestCampus} />
        </dd>
        {/* A report held on the device has no server time yet: the time it was written. */}
        <dt className="text-slate-600">{incident.timestamp ? 'Sent' : 'Written'}</dt>
        <dd>
          <Time value={incident.timestamp ?? incident.writtenAt ?? null} />
          {incident.anonymous && ' · anonymously: the team does not see your name'}
        </dd>
        {written && (
          <>
            <dt className="text-slate-600">Written</dt>
            <dd>
              <Time value={written} />
            </dd>
          </>
        )}
        {incident.description && (
          <>
            <dt className="text-slate-600">Description</dt>
            <dd className="whitespace-pre-wrap break-words">{incident.description}</dd>
          </>
        )}
        {incident.status === 'Declined' && incident.declineReason && (
          <>
            <dt className="text-slate-600">Declined because</dt>
            <dd className="whitespace-pre-wrap break-words">
              {incident.declineReason}
              {incident.declineDescription ? `: ${incident.declineDescription}` : ''}
            </dd>
          </>
        )}
      </dl>

      <section aria-labelledby="timeline-heading" className="mt-6">
        <h2 id="timeline-heading" className="text-lg font-semibold text-slate-900">
          What happened so far
        </h2>
        {told.status === 'error' && <p className="text-sm text-red-700">{told.error}</p>}
        <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-4 text-sm">
          {reporterTimeline(incident, told.data).map((entry) => (
            <li key={entry.id}>
              <Time value={entry.at} className="block text-xs text-slate-600" />
              <span className="font-medium text-slate-900">{entry.title}</span>
              {entry.detail && (
                <span className="block whitespace-pre-wrap break-words text-slate-700">
                  {entry.detail}
                </span>
              )}
            </li>
          ))}
        </ol>
      </section>

      <ReporterMedia incident={incident} startWith={pending ? undefined : chosenMedia} />

      <ReporterConversation incident={incident} held={held} />
    </AppPage>
  );
}
