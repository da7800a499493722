import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PERIOD_PRESETS, campusName, dayInZone, isOneOf } from '@campus-safety/model';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, InlineSpinner } from '../../components/States';
import { useCampusStats } from '../../data/campus-stats';
import { useCampusDays } from '../../data/incident-day-stats';
import { combineLive } from '../../data/live-query';
import { campusesInScope } from '../../data/scopes';
import { csvFileName } from '../../lib/csv';
import { formatMinutes } from '../../lib/format';
import { programmeTimeZone } from '../../lib/institution';
import { useAuth } from '../../session/store';
import { Controls } from './Controls';
import { chartCeiling, figureTables, periodFigures, share } from './figures';
import { Panel } from './Panel';
import { readView, viewParams } from './period';
import { RebuildButton } from './RebuildButton';
import { SummaryCards } from './SummaryCards';
import { useLiveCampuses } from '../../data/settings';

const PERIOD_LABELS: Record<string, string> = { ...PERIOD_PRESETS, custom: 'Custom range' };
const TIME_SERIES = ['Median waiting', 'P90 waiting', 'Median response', 'P90 response'];

export default function DashboardPage() {
  const profile = useAuth((s) => s.profile);
  const role = profile?.role ?? null;
  const isAdmin = role === 'Admin';
  const ownCampus = role === 'IMT' ? (profile?.campus ?? null) : null;
  const [params, setParams] = useSearchParams();
  const today = dayInZone(Date.now(), programmeTimeZone());
  const liveCampuses = useLiveCampuses();
  const all = liveCampuses.campuses;
  const view = readView(params, today, ownCampus, all);
  const campuses = campusesInScope(role, ownCampus, view.campus, all);
  const days = useCampusDays(campuses, view.range);
  const stats = useCampusStats(role, ownCampus);
  const campusStats = stats.stats.filter((s) => isOneOf(campuses, s.campus));
  const live = combineLive([liveCampuses, days, stats]);

  // An IMT's campus is fixed: a campus in the address (a link an Admin shared) is ignored, so it
  // leaves the address too rather than claim a view the screen does not show.
  const ignoredCampus = !isAdmin && params.has('campus');
  useEffect(() => {
    if (ignoredCampus) setParams(viewParams(view, false), { replace: true });
  }, [ignoredCampus, setParams, view]);

  // Cheap (at most a doc per campus and day of the period): computed on every render.
  const figures = periodFigures({
    days: days.days,
    campusStats,
    range: view.range,
    today,
    campuses: isAdmin && !view.campus ? all : [],
  });
  const tables = figureTables(figures);
  const scopeName = view.campus ? campusName(all, view.campus) : 'All campuses';
  const file = (name: string) =>
    csvFileName([`dashboard-${name}`, view.range.from, 'to', view.range.to, scopeName]);
  const timesCeiling = chartCeiling(figures.times.flatMap((t) => TIME_SERIES.map((k) => t[k])));

  return (
    <>
      <PageHeader
        title="Trends and targets"
        subtitle={`${scopeName} · ${PERIOD_LABELS[view.preset]}: ${view.range.from} to ${view.range.to} (days in ${programmeTimeZone()})`}
        actions={isAdmin ? <RebuildButton /> : undefined}
      />
      <Controls
        view={view}
        isAdmin={isAdmin}
        today={today}
        onChange={(next) => setParams(viewParams(next, isAdmin))}
      />
      {view.error && (
        <p className="mb-3 text-sm text-red-700">{view.error} Showing the default period.</p>
      )}
      {live.status === 'error' ? (
        <ErrorState message={live.error ?? ''} onRetry={live.retry} />
      ) : liveCampuses.status === 'loading' || days.status === 'loading' ? (
        <InlineSpinner label="Loading figures…" />
      ) : (
        <>
          <SummaryCards figures={figures} />
          <div className="mt-4 grid gap-4 xl:grid-cols-2">
            <Panel
              title="Reports over time by status"
              file={file('reports-by-status')}
              table={tables.byStatus}
              chart={{
                kind: 'stacked',
                data: figures.byStatus,
                series: tables.byStatus.columns.slice(1),
                unit: 'Reports',
              }}
            />
            {figures.campuses.length > 0 && (
              <Panel
                title="Reports over time by campus"
                file={file('reports-by-campus')}
                table={tables.byCampus}
                chart={{
                  kind: 'stacked',
                  data: figures.byCampus,
                  series: figures.campuses,
                  unit: 'Reports',
                }}
              />
            )}
            <Panel
              title="Waiting and response time"
              file={file('waiting-and-response-time')}
              table={tables.times}
              note={`Median and 90th percentile of the reports of each day (or month): exact to the minute under 2 hours; above, rounded down to 5 minutes (to 8 h), 15 minutes (to 24 h) or the hour.${
                timesCeiling === null
                  ? ''
                  : ` Values above ${formatMinutes(timesCeiling)} run off the top of the chart; the table has them.`
              }`}
              chart={{
                kind: 'lines',
                data: figures.times,
                series: TIME_SERIES,
                unit: 'Minutes',
                minutes: true,
                ceiling: timesCeiling,
              }}
            />
            <Panel
              title="Share within target by threat level"
              file={file('within-target')}
              table={tables.targets}
              note="Waiting time against each level's assignment target, response time against its response target (the programme's response targets). A bar at 0 % is drawn as a thin line; no bar means no report of that level in the period. Unrated: reports without a threat level."
              chart={{
                kind: 'bars',
                data: figures.targets.map((t) => ({
                  label: t.level,
                  'Assigned within target': share(t.waiting.share),
                  'Responded within target': share(t.response.share),
                })),
                series: ['Assigned within target', 'Responded within target'],
                unit: 'Share (%)',
                percent: true,
              }}
            />
            <Panel
              title="Open backlog by age"
              file={file('open-backlog')}
              table={tables.backlog}
              note="Reports open now (reported, processing or responded), by days since they were reported; not limited to the period."
              chart={{
                kind: 'bars',
                data: figures.backlog.map((b) => ({ label: b.label, 'Open reports': b.count })),
                series: ['Open reports'],
                unit: 'Reports',
              }}
            />
            <Panel
              title="Top incident types"
              file={file('top-incident-types')}
              table={tables.topTypes}
              chart={{
                kind: 'horizontal',
                data: figures.topTypes.map((t) => ({ label: t.label, Reports: t.count })),
                series: ['Reports'],
                unit: 'Reports',
              }}
            />
            <Panel
              title="Top tags"
              file={file('top-tags')}
              table={tables.topTags}
              chart={{
                kind: 'horizontal',
                data: figures.topTags.map((t) => ({ label: t.label, Reports: t.count })),
                series: ['Reports'],
                unit: 'Reports',
              }}
            />
          </div>
        </>
      )}
    </>
  );
}
