import { formatMinutes } from '../../lib/format';
import { formatPercentile, share, type PeriodFigures } from './figures';

function Card({ label, value, hint }: { label: string; value: string | number; hint?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900">{value}</p>
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </div>
  );
}

/** The period at a glance: reports, the average times, and how the urgent reports fared. */
export function SummaryCards({ figures }: { figures: PeriodFigures }) {
  const urgent = figures.targets.find((t) => t.level === 'High and Critical')!;
  return (
    <div
      className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-5"
      aria-label="Period summary"
      role="group"
    >
      <Card label="Reports in period" value={figures.total} />
      <Card label="Average response time" value={formatMinutes(figures.averageResponseMinutes)} />
      <Card label="Average waiting time" value={formatMinutes(figures.averageWaitingMinutes)} />
      <Card
        label="Mean time to acknowledge (MTTA)"
        value={formatMinutes(figures.averageAcknowledgeMinutes)}
        hint="From assignment to the assignee's acknowledgement"
      />
      <Card
        label="High and Critical responded within target"
        value={
          urgent.response.count === 0
            ? '—'
            : `${urgent.response.within} of ${urgent.response.count} (${share(urgent.response.share)} %)`
        }
        hint={`Median ${formatPercentile(urgent.response.median)}, 90th percentile ${formatPercentile(urgent.response.p90)}`}
      />
    </div>
  );
}
