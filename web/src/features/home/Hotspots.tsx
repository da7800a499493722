import { useMemo, useState } from 'react';
import { PERIOD_PRESETS, dayInZone } from '@campus-safety/model';
import { HotspotsMap } from '../../components/map';
import { ErrorState } from '../../components/States';
import { useCampusDays } from '../../data/incident-day-stats';
import { staffCampuses } from '../../data/scopes';
import { programmeTimeZone } from '../../lib/institution';
import { HOTSPOT_PERIODS, hotspotCounts, hotspotRange, type HotspotPeriod } from './hotspots';
import { useCampuses } from '../../data/settings';
import { CampusName } from '../../components/CampusName';

/** Where reports came from over a chosen period: graduated circles per campus, and the same as text. */
export function Hotspots({ role, campus }: { role: string | null; campus: string | null }) {
  const [chosen, setChosen] = useState<HotspotPeriod>('30d');
  const all = useCampuses();
  const campuses = useMemo(() => staffCampuses(role, campus, all), [role, campus, all]);
  const range = hotspotRange(chosen, dayInZone(new Date(), programmeTimeZone()));
  const live = useCampusDays(campuses, range);
  const hotspots = useMemo(() => hotspotCounts(live.days, campuses), [live.days, campuses]);
  if (campuses.length === 0) return null;
  const period = `the ${PERIOD_PRESETS[chosen].toLowerCase()}`;
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
            value={chosen}
            onChange={(e) => setChosen(e.target.value as HotspotPeriod)}
          >
            {HOTSPOT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {PERIOD_PRESETS[p]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {live.status === 'error' && <ErrorState message={live.error ?? ''} onRetry={live.retry} />}
      <HotspotsMap hotspots={hotspots} period={period} />
      <ul
        aria-label={`Reports per campus over ${period}`}
        className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm"
      >
        {hotspots.map((h) => (
          <li key={h.campus}>
            <CampusName id={h.campus} />:{' '}
            <span className="font-semibold tabular-nums">{h.count}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
