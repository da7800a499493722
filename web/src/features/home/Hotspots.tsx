import { useMemo, useState } from 'react';
import { HotspotsMap } from '../../components/map';
import type { CampusStats } from '../../data/incident-stats';
import { HOTSPOT_PERIODS, hotspotCampuses, hotspotCounts } from './hotspots';

/** Where reports came from over a chosen period: graduated circles per campus, and the same as text. */
export function Hotspots({
  stats,
  role,
  campus,
}: {
  stats: readonly CampusStats[];
  role: string | null;
  campus: string | null;
}) {
  const [days, setDays] = useState<number>(30);
  const campuses = useMemo(() => hotspotCampuses(role, campus), [role, campus]);
  const hotspots = useMemo(
    () => hotspotCounts(stats, campuses, days, new Date()),
    [stats, campuses, days],
  );
  if (campuses.length === 0) return null;
  const period = `the last ${days} days`;
  return (
    <section
      aria-labelledby="hotspots-heading"
      className="mt-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="hotspots-heading" className="font-semibold text-slate-900">
          Hotspots
        </h2>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Period
          <select
            className="rounded border border-slate-300 px-2 py-1"
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
          >
            {HOTSPOT_PERIODS.map((d) => (
              <option key={d} value={d}>
                Last {d} days
              </option>
            ))}
          </select>
        </label>
      </div>
      <HotspotsMap hotspots={hotspots} period={period} />
      <ul
        aria-label={`Reports per campus over ${period}`}
        className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm"
      >
        {hotspots.map((h) => (
          <li key={h.campus}>
            {h.campus}: <span className="font-semibold tabular-nums">{h.count}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
