import {
  campusName,
  type Campuses,
  INCIDENT_STATUSES,
  THREAT_LEVELS,
  UNASSESSED_THREAT_LEVEL,
  UNRATED,
  type MinutesTally,
} from '@campus-safety/model';
import type { CampusStats } from '../../data/incident-stats';

export interface Counted {
  label: string;
  count: number;
}

export interface HomeFigures {
  total: number;
  byStatus: Counted[];
  /** Empty when the scope is one campus (IMT). */
  byCampus: Counted[];
  byThreatLevel: Counted[];
  /** Means over the reports that have the value; null when none has. */
  averageResponseMinutes: number | null;
  averageWaitingMinutes: number | null;
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
 * own), so opening Home reads one document per campus and never the reports. Trends over a
 * period are the dashboard's (features/dashboard).
 */
export function homeFigures(
  stats: CampusStats[],
  withCampuses: boolean,
  campuses: Campuses,
): HomeFigures {
  // A set: each campus has several shard docs (the same label), summed into one row.
  const ids = new Set([
    ...campuses.map((c) => c.id),
    ...stats.map((s) => s.campus ?? '').filter(Boolean),
  ]);
  return {
    total: sumOf(stats, (s) => s.total),
    byStatus: INCIDENT_STATUSES.map((status) => ({
      label: status,
      count: sumOf(stats, (s) => s.byStatus?.[status]),
    })),
    byCampus: withCampuses
      ? [...ids].map((campus) => ({
          label: campusName(campuses, campus),
          count: sumOf(stats, (s) => (s.campus === campus ? s.total : 0)),
        }))
      : [],
    // The stats docs count reports without a level under their own key; the console calls
    // that level Unrated everywhere (the triage clock, the map, the dashboard).
    byThreatLevel: [...THREAT_LEVELS, UNASSESSED_THREAT_LEVEL].map((level) => ({
      label: level === UNASSESSED_THREAT_LEVEL ? UNRATED : level,
      count: sumOf(stats, (s) => s.byThreatLevel?.[level]),
    })),
    averageResponseMinutes: mean(stats, (s) => s.responseTimeInMinutes),
    averageWaitingMinutes: mean(stats, (s) => s.waitingTimeInMinutes),
  };
}
