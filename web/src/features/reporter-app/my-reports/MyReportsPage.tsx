import { Link } from 'react-router';
import { incidentTypeLabel, type IncidentReport } from '@campus-safety/model';
import { ListState } from '../../../components/States';
import { StatusBadge } from '../../../components/StatusBadge';
import { Time } from '../../../components/Time';
import { incidentSpec } from '../../../data/incidents';
import { combineLive, useLiveDoc, useLiveQuery } from '../../../data/live-query';
import { anonymousReportLinksSpec, ownReportsSpec } from '../../../data/reporter';
import { useIncidentTypes } from '../../../data/settings';
import type { WithId } from '../../../data/spec';
import { toDate } from '../../../lib/format';
import { useAuth } from '../../../session/store';
import { AppPage } from '../AppFrame';
import { handlerText } from './timeline';
import { CampusName } from '../../../components/CampusName';

/** A time not yet set by the server (a report being sent) sorts as the newest. */
function timeOrNow(value: Parameters<typeof toDate>[0]): number {
  return toDate(value)?.getTime() ?? Number.MAX_SAFE_INTEGER;
}

function ReportCard({ incident }: { incident: WithId<IncidentReport> }) {
  const types = useIncidentTypes();
  return (
    <li data-row={incident.id}>
      <Link
        to={`/app/reports/${incident.id}`}
        className="block rounded-lg border border-slate-200 bg-white p-3 shadow-sm hover:border-sky-600 focus-visible:outline-2 focus-visible:outline-sky-600"
      >
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-medium text-slate-900">
            {incidentTypeLabel(types, incident.incidentType)}
          </span>
          <StatusBadge status={incident.status} />
        </span>
        <span className="mt-1 block text-sm text-slate-700">
          <CampusName id={incident.nearestCampus} />
          {incident.anonymous && ' · Sent anonymously'}
        </span>
        <span className="mt-1 block text-sm text-slate-600">{handlerText(incident)}</span>
        {/* A report held on the device has no server time yet: the time it was written. */}
        <Time
          value={incident.timestamp ?? incident.writtenAt ?? null}
          className="mt-1 block text-xs text-slate-600"
        />
      </Link>
    </li>
  );
}

/** An anonymous report, read by its id (the reporter's link to it names nothing else). */
function AnonymousReportCard({ id }: { id: string }) {
  const incident = useLiveDoc(incidentSpec(id));
  if (!incident.data) return null;
  return <ReportCard incident={incident.data} />;
}

/** The reporter's reports: those under their name and their anonymous ones, newest first. */
export default function MyReportsPage() {
  const uid = useAuth((s) => s.user?.uid ?? '');
  const own = useLiveQuery(ownReportsSpec(uid));
  const anonymous = useLiveQuery(anonymousReportLinksSpec(uid));
  const live = combineLive([own, anonymous]);
  const rows = [
    ...own.data.map((r) => ({
      id: r.id,
      at: r.timestamp ?? r.writtenAt,
      incident: r as WithId<IncidentReport>,
    })),
    ...anonymous.data.map((link) => ({ id: link.id, at: link.filedAt, incident: null })),
  ].sort((a, b) => timeOrNow(b.at) - timeOrNow(a.at));
  return (
    <AppPage title="My reports">
      <Link
        to="/app/report"
        className="mb-4 inline-block rounded-md bg-sky-700 px-3 py-2 text-sm font-medium text-white hover:bg-sky-800"
      >
        Report an incident
      </Link>
      <ListState
        live={live}
        isEmpty={rows.length === 0}
        emptyTitle="No reports yet"
        emptyHint="Reports you send, named or anonymous, are listed here with what happens to them."
      >
        <ul className="space-y-3" aria-label="Your reports">
          {rows.map((row) =>
            row.incident ? (
              <ReportCard key={row.id} incident={row.incident} />
            ) : (
              <AnonymousReportCard key={row.id} id={row.id} />
            ),
          )}
        </ul>
      </ListState>
    </AppPage>
  );
}
