import { useMemo } from 'react';
import { Link } from 'react-router';
import { STATUS_LABELS, type IncidentStatus } from '@campus-safety/model';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, InlineSpinner, ListState } from '../../components/States';
import { StatusBadge } from '../../components/StatusBadge';
import { formatMinutes } from '../../lib/format';
import { latestIncidentsSpec } from '../../data/incidents';
import { useLiveQuery } from '../../data/live-query';
import type { IncidentScope } from '../../data/scopes';
import { useAuth } from '../../session/store';
import { homeFigures, type Counted, type HomeFigures } from './figures';
import { useCampusStats } from '../../data/campus-stats';
import { Hotspots } from './Hotspots';
import { TriggerFailures } from './TriggerFailures';
import { Time } from '../../components/Time';
import { OnCallNowPanel } from '../../components/OnCallNowPanel';
import { SetupChecklist } from './SetupChecklist';
import { useCampuses } from '../../data/settings';
import { CampusName } from '../../components/CampusName';
import { IncidentTypeName } from '../../components/IncidentTypeName';

function Card({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900">{value}</p>
    </div>
  );
}

function Breakdown({ title, rows }: { title: string; rows: Counted[] }) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="mb-2 font-semibold text-slate-900">{title}</h2>
      <ul className="space-y-1">
        {rows.map((r) => (
          <li key={r.label} className="grid grid-cols-[9rem_1fr_3rem] items-center gap-2 text-sm">
            <span className="truncate">{r.label}</span>
            <span className="h-3 rounded bg-sky-100" aria-hidden>
              <span
                className="block h-3 rounded bg-sky-700"
                style={{ width: `${(r.count / max) * 100}%` }}
              />
            </span>
            <span className="text-right tabular-nums">{r.count}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Figures({ figures }: { figures: HomeFigures }) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Card label="All live reports" value={figures.total} />
        {figures.byStatus.map((c) => (
          <Card key={c.label} label={STATUS_LABELS[c.label as IncidentStatus]} value={c.count} />
        ))}
        <Card label="Average response time" value={formatMinutes(figures.averageResponseMinutes)} />
        <Card label="Average waiting time" value={formatMinutes(figures.averageWaitingMinutes)} />
      </div>
      <div
        className={`mt-4 grid gap-4 ${figures.byCampus.length > 0 ? 'lg:grid-cols-3' : 'lg:grid-cols-2'}`}
      >
        {figures.byCampus.length > 0 && <Breakdown title="By campus" rows={figures.byCampus} />}
        <Breakdown title="By threat level" rows={figures.byThreatLevel} />
        <section
          aria-label="Trends and targets"
          className="rounded-lg border border-slate-200 bg-white p-4"
        >
          <h2 className="mb-2 font-semibold text-slate-900">Trends and targets</h2>
          <p className="text-sm text-slate-600">
            Reports over time, median and 90th-percentile waiting and response times, the share
            within target per threat level, the open backlog and the top types and tags, for any
            period.
          </p>
          <Link className="mt-2 inline-block font-medium text-sky-800 underline" to="/dashboard">
            Open trends and targets
          </Link>
        </section>
      </div>
    </>
  );
}

export default function HomePage() {
  const profile = useAuth((s) => s.profile);
  const uid = useAuth((s) => s.user?.uid ?? '');
  const scope: IncidentScope = {
    role: profile?.role ?? null,
    uid,
    campus: profile?.campus ?? null,
    archived: false,
  };
  const live = useCampusStats(scope.role, scope.campus);
  const campuses = useCampuses();
  const figures = useMemo(
    () =>
      live.shown && live.status === 'ready'
        ? homeFigures(live.stats, scope.role === 'Admin', campuses)
        : null,
    [live.shown, live.status, live.stats, scope.role, campuses],
  );

  const latest = useLiveQuery(latestIncidentsSpec(scope, 5));

  return (
    <>
      <PageHeader
        title="Home"
        subtitle={live.shown ? 'Live figures of the reports that are not archived' : undefined}
      />
      {scope.role === 'Admin' && uid && <SetupChecklist uid={uid} />}
      <OnCallNowPanel />
      {live.status === 'error' && <ErrorState message={live.error ?? ''} onRetry={live.retry} />}
      {live.shown && live.status === 'loading' && <InlineSpinner label="Loading figures…" />}
      {figures && <Figures figures={figures} />}
      {figures && <Hotspots role={scope.role} campus={scope.campus} />}
      <section aria-labelledby="latest-heading" className="mt-6">
        <h2 id="latest-heading" className="mb-2 font-semibold text-slate-900">
          Latest incidents
        </h2>
        <ListState live={latest} emptyTitle="No incidents yet">
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
            {latest.data.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
                <StatusBadge status={r.status} />
                <span className="font-medium">
                  <IncidentTypeName type={r.incidentType} />
                </span>
                <span className="text-slate-600">
                  <CampusName id={r.nearestCampus} />
                </span>
                <Time value={r.timestamp} className="text-slate-600" />
                <Link
                  className="ml-auto font-medium text-sky-800 underline"
                  to={`/reports?id=${r.id}`}
                >
                  Open<span className="sr-only"> {r.incidentType} report</span>
                </Link>
              </li>
            ))}
          </ul>
        </ListState>
      </section>
      {scope.role === 'Admin' && <TriggerFailures />}
    </>
  );
}
