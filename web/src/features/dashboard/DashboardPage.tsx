import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  CAMPUSES,
  PERIOD_PRESETS,
  checkedRange,
  dayInZone,
  type DayRange,
  type PeriodPreset,
} from '@campus-safety/model';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, InlineSpinner } from '../../components/States';
import { toast } from '../../components/toast-store';
import { SelectField, TextField } from '../../components/fields';
import { useCampusDays } from '../../data/incident-day-stats';
import { downloadCsv, toCsv } from '../../lib/csv';
import { TIME_ZONE, formatMinutes } from '../../lib/format';
import { useAuth } from '../../session/store';
import { useCampusStats } from '../../data/campus-stats';
import { figureTables, formatBucket, periodFigures, share, type FigureTable } from './figures';
import { readView, viewParams, type DashboardView } from './period';
import { rebuildFigures } from './api';
import type { ChartProps } from './Chart';

const Chart = lazy(() => import('./Chart'));

function Card({ label, value, hint }: { label: string; value: string | number; hint?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900">{value}</p>
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </div>
  );
}

/** A chart with its table behind it (a disclosure) and the table's CSV. */
function Panel({
  title,
  file,
  table,
  chart,
  note,
}: {
  title: string;
  file: string;
  table: FigureTable;
  chart: ChartProps;
  note?: ReactNode;
}) {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return (
    <section
      aria-labelledby={`${slug}-heading`}
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="mb-2 flex flex-wrap items-start justify-between gap-2">
        <h2 id={`${slug}-heading`} className="font-semibold text-slate-900">
          {title}
        </h2>
        <Button
          variant="secondary"
          onClick={() => downloadCsv(`${file}.csv`, toCsv(table.columns, table.rows))}
        >
          Download CSV<span className="sr-only"> of {title}</span>
        </Button>
      </div>
      {note && <p className="mb-2 text-xs text-slate-600">{note}</p>}
      <Suspense fallback={<InlineSpinner label="Loading chart…" />}>
        <Chart {...chart} />
      </Suspense>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-sky-800">Table of {title}</summary>
        <div className="mt-2 max-h-80 overflow-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-slate-200">
                {table.columns.map((c) => (
                  <th key={c} scope="col" className="px-2 py-1 font-medium text-slate-700">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                <tr key={i} className="border-b border-slate-100">
                  {row.map((cell, j) =>
                    j === 0 ? (
                      <th key={j} scope="row" className="px-2 py-1 font-normal">
                        {cell}
                      </th>
                    ) : (
                      <td key={j} className="px-2 py-1 whitespace-nowrap tabular-nums">
                        {cell ?? '—'}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

const PRESET_OPTIONS = [
  ...Object.entries(PERIOD_PRESETS).map(([value, label]) => ({ value, label })),
  { value: 'custom', label: 'Custom range' },
];

/** Period and campus controls; every change goes to the URL, which the figures follow. */
function Controls({
  view,
  isAdmin,
  today,
  onChange,
}: {
  view: DashboardView;
  isAdmin: boolean;
  today: string;
  onChange: (view: Pick<DashboardView, 'preset' | 'range' | 'campus'>) => void;
}) {
  const [custom, setCustom] = useState<DayRange | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editing = custom ?? (view.preset === 'custom' ? view.range : null);
  const apply = (range: DayRange) => {
    const checked = checkedRange(range.from, range.to);
    if ('error' in checked) return setError(checked.error);
    setError(null);
    setCustom(null);
    onChange({ ...view, preset: 'custom', range: checked });
  };
  return (
    <form
      aria-label="Period and campus"
      className="mb-4 flex flex-wrap items-end gap-x-4 rounded-lg border border-slate-200 bg-white px-4 pt-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (editing) apply(editing);
      }}
    >
      <div className="w-44">
        <SelectField
          label="Period"
          value={editing ? 'custom' : view.preset}
          options={PRESET_OPTIONS}
          onChange={(value) => {
            setError(null);
            if (value === 'custom') setCustom(view.range);
            else {
              setCustom(null);
              onChange({ ...view, preset: value as PeriodPreset });
            }
          }}
        />
      </div>
      {editing && (
        <>
          <div className="w-40">
            <TextField
              label="From"
              type="date"
              value={editing.from}
              max={today}
              onChange={(from) => setCustom({ ...editing, from })}
              error={error ?? undefined}
            />
          </div>
          <div className="w-40">
            <TextField
              label="To"
              type="date"
              value={editing.to}
              onChange={(to) => setCustom({ ...editing, to })}
            />
          </div>
          <div className="mb-3">
            <Button type="submit">Show</Button>
          </div>
        </>
      )}
      {isAdmin && (
        <div className="w-48">
          <SelectField
            label="Campus"
            value={view.campus ?? ''}
            placeholder="All campuses"
            options={[...CAMPUSES]}
            onChange={(campus) => onChange({ ...view, campus: campus || null })}
          />
        </div>
      )}
    </form>
  );
}

const PERIOD_LABELS: Record<string, string> = { ...PERIOD_PRESETS, custom: 'Custom range' };

/** Admin: the aggregates recomputed from the reports; the live figures then follow. */
function RebuildButton() {
  const [busy, setBusy] = useState(false);
  async function rebuild() {
    setBusy(true);
    try {
      const done = await rebuildFigures();
      toast.success(
        'Figures rebuilt',
        `${done.reports} report(s) counted into ${done.campuses} campus and ${done.days} day document(s).`,
      );
    } catch (error) {
      toast.failure('Could not rebuild the figures', error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" onClick={rebuild} busy={busy}>
      Rebuild figures
    </Button>
  );
}

export default function DashboardPage() {
  const profile = useAuth((s) => s.profile);
  const role = profile?.role ?? null;
  const isAdmin = role === 'Admin';
  const ownCampus = role === 'IMT' ? (profile?.campus ?? null) : null;
  const [params, setParams] = useSearchParams();
  const today = dayInZone(Date.now(), TIME_ZONE);
  const view = readView(params, today, ownCampus);
  const campuses: readonly string[] = view.campus ? [view.campus] : isAdmin ? CAMPUSES : [];
  const days = useCampusDays(campuses, view.range);
  const stats = useCampusStats(role, ownCampus);
  const campusStats = stats.stats.filter((s) => s.campus && campuses.includes(s.campus));

  // Cheap (at most a doc per campus and day of the period): computed on every render.
  const figures = periodFigures({
    days: days.days,
    campusStats,
    range: view.range,
    today,
    campuses: isAdmin && !view.campus ? CAMPUSES : [],
  });
  const tables = figureTables(figures);
  const scopeName = view.campus ?? 'All campuses';
  const file = (name: string) =>
    `dashboard-${name}-${view.range.from}-to-${view.range.to}-${scopeName.replace(/\s+/g, '-')}`;
  const urgent = figures.targets.find((t) => t.level === 'High and Critical')!;

  return (
    <>
      <PageHeader
        title="Trends and targets"
        subtitle={`${scopeName} · ${PERIOD_LABELS[view.preset]}: ${view.range.from} to ${view.range.to} (days in ${TIME_ZONE})`}
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
      {days.status === 'error' || stats.status === 'error' ? (
        <ErrorState
          message={days.error ?? stats.error ?? ''}
          onRetry={() => {
            days.retry();
            stats.retry();
          }}
        />
      ) : days.status === 'loading' ? (
        <InlineSpinner label="Loading figures…" />
      ) : (
        <>
          <div
            className="grid grid-cols-2 gap-3 lg:grid-cols-4"
            aria-label="Period summary"
            role="group"
          >
            <Card label="Reports in period" value={figures.total} />
            <Card
              label="Average response time"
              value={formatMinutes(figures.averageResponseMinutes)}
            />
            <Card
              label="Average waiting time"
              value={formatMinutes(figures.averageWaitingMinutes)}
            />
            <Card
              label="High and Critical responded within target"
              value={
                urgent.response.count === 0
                  ? '—'
                  : `${urgent.response.within} of ${urgent.response.count} (${share(urgent.response.share)} %)`
              }
              hint={`Median ${formatBucket(urgent.response.median)}, 90th percentile ${formatBucket(urgent.response.p90)}`}
            />
          </div>
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
              note="Median and 90th percentile of the reports of each day (or month): exact to the minute under 2 hours; above, the lower edge of a 5-minute (to 8 h), 15-minute (to 24 h) or 1-hour bucket."
              chart={{
                kind: 'lines',
                data: figures.times,
                series: ['Median waiting', 'P90 waiting', 'Median response', 'P90 response'],
                unit: 'Minutes',
                minutes: true,
              }}
            />
            <Panel
              title="Share within target by threat level"
              file={file('within-target')}
              table={tables.targets}
              note="Waiting time against each level's assignment target, response time against its response target (deployment.json). Unrated: reports without a threat level."
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
