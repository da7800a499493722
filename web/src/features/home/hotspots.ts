import { CAMPUSES, INCIDENT_STATS_DAYS, isOneOf, type Campus } from '@campus-safety/model';
import type { Hotspot } from '../../components/map';
import type { CampusStats } from '../../data/incident-stats';
import { trendDays } from './figures';

/** The periods Home's hotspot map offers, in days; the stats docs keep INCIDENT_STATS_DAYS of them. */
export const HOTSPOT_PERIODS = [7, 30, INCIDENT_STATS_DAYS] as const;

/** The campuses a role's hotspots cover: Admin every campus, IMT its own. */
export function hotspotCampuses(role: string | null, campus: string | null): Campus[] {
  if (role === 'Admin') return [...CAMPUSES];
  return role === 'IMT' && isOneOf(CAMPUSES, campus) ? [campus] : [];
}

/**
 * Reports per campus over the last `days` UTC days, from the campus stats docs Home already reads
 * (their `byDay` buckets), so the hotspot map costs no read of its own. A campus without a doc
 * yet has had no report: zero.
 */
export function hotspotCounts(
  stats: readonly CampusStats[],
  campuses: readonly Campus[],
  days: number,
  now: Date,
): Hotspot[] {
  if (!Number.isInteger(days) || days < 1 || days > INCIDENT_STATS_DAYS) {
    throw new RangeError(`A hotspot period is 1 to ${INCIDENT_STATS_DAYS} whole days.`);
  }
  const window = trendDays(now, days);
  return campuses.map((campus) => {
    const byDay = stats.find((s) => s.campus === campus)?.byDay ?? {};
    return { campus, count: window.reduce((sum, day) => sum + (byDay[day] ?? 0), 0) };
  });
}
