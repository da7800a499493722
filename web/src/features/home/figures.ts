import {
  CAMPUSES,
  INCIDENT_STATUSES,
  THREAT_LEVELS,
  UNASSESSED_THREAT_LEVEL,
  type MinutesTally,
} from '@campus-safety/model';
import type { CampusStats } from '../../data/incident-stats';

export interface Counted {
  label: string;
  count: number;
}

export interface DashboardFigures {
  total: number;
  byStatus: Counted[];
  /** Empty when the scope is one campus (IMT). */
  byCampus: Counted[];
  byThreatLevel: Counted[];
  /** One entry per UTC day (`YYYY-MM-DD`), oldest first, ending today. */
  trend: Counted[];
  /** Means over the reports that have the value; null when none has. */
  averageResponseMinutes: number | null;
  averageWaitingMinutes: number | null;
}

export const TREND_DAYS = 30;

/** The last `days` UTC days as `YYYY-MM-DD`, oldest first, ending today (the stats' `byDay` keys). */
export function trendDays(now: Date, days = TREND_DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

function sumOf(stats: CampusStats[], pick: (s: CampusStats) => number | undefined): number {
  return stats.reduce((total, s) => total + (pick(s) ?? 0), 0);
}

function mean(stats: CampusStats[], pick: (s: CampusStats) => MinutesTally | undefined) {
  const count = sumOf(stats, (s) => pick(s)?.count);
  return count > 0 ? sumOf(stats, (s) => pick(s)?.sum) / count : null;
}

/**
 * Home's figures from the campus stats docs in the caller's scope (Admin: every campus; IMT: its
 * own), so opening Home reads one document per campus and never the reports.
 */
export function dashboardFigures(
  stats: CampusStats[],
  now: Date,
  withCampuses: boolean,
): DashboardFigures {
  const campusNames = [
    ...CAMPUSES,
    ...stats
      .map((s) => s.campus ?? '')
      .filter((c) => c && !(CAMPUSES as readonly string[]).includes(c)),
  ];
  return {
    total: sumOf(stats, (s) => s.total),
    byStatus: INCIDENT_STATUSES.map((status) => ({
      label: status,
      count: sumOf(stats, (s) => s.byStatus?.[status]),
    })),
    byCampus: withCampuses
      ? campusNames.map((campus) => ({
          label: campus,
          count: sumOf(stats, (s) => (s.campus === campus ? s.total : 0)),
        }))
      : [],
    byThreatLevel: [...THREAT_LEVELS, UNASSESSED_THREAT_LEVEL].map((level) => ({
      label: level,
      count: sumOf(stats, (s) => s.byThreatLevel?.[level]),
    })),
    trend: trendDays(now).map((day) => ({
      label: day,
      count: sumOf(stats, (s) => s.byDay?.[day]),
    })),
    averageResponseMinutes: mean(stats, (s) => s.responseTimeInMinutes),
    averageWaitingMinutes: mean(stats, (s) => s.waitingTimeInMinutes),
  };
}
