import { presetRange, type CampusId, type DayRange } from '@campus-safety/model';
import type { Hotspot } from '../../components/map';
import type { DayStats } from '../../data/incident-day-stats';

/** The periods Home's hotspot map offers (the dashboard's presets of the same names). */
export const HOTSPOT_PERIODS = ['7d', '30d', '90d'] as const;
export type HotspotPeriod = (typeof HOTSPOT_PERIODS)[number];

/** The days a hotspot period covers, `today` being the day in the programme time zone. */
export function hotspotRange(period: HotspotPeriod, today: string): DayRange {
  return presetRange(period, today);
}

/**
 * Reports per campus from the day docs of the period (one read per campus and day that had
 * reports, whatever their number). A campus without a day doc in the period had no report: zero.
 */
export function hotspotCounts(days: readonly DayStats[], campuses: readonly CampusId[]): Hotspot[] {
  return campuses.map((campus) => ({
    campus,
    count: days.reduce((sum, d) => sum + (d.campus === campus ? (d.total ?? 0) : 0), 0),
  }));
}
