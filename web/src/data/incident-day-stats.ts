import {
  CAMPUS_LIMITS,
  COLLECTIONS,
  INCIDENT_STATS_DAYS,
  incidentStatsId,
  type DayRange,
  type IncidentDayStats,
} from '@campus-safety/model';
import { entityConverter } from './firestore';
import { useLiveQuery } from './live-query';
import type { QuerySpec } from './spec';

/** A day doc as it comes from Firestore (any bucket may be absent). */
export type DayStats = Partial<Omit<IncidentDayStats, 'updatedAt'>>;

const converter = entityConverter<DayStats>();

/**
 * The day docs of one campus in a period: one query on the `day` field (a single-field range, no
 * composite index), reading each day's shards: at most INCIDENT_STATS_SHARDS for today, one for
 * a past day once the hourly fold has run (foldPastStatsDays), however many reports it had; the
 * figures sum the docs of a day.
 */
export function campusDaysSpec(campus: string, range: DayRange): QuerySpec<DayStats> {
  return {
    path: [COLLECTIONS.incidentStats, incidentStatsId(campus), INCIDENT_STATS_DAYS],
    converter,
    wheres: [
      { field: 'day', op: '>=', value: range.from },
      { field: 'day', op: '<=', value: range.to },
    ],
  };
}

/** One hook slot per campus an institution may have: the hooks are always the same ones. */
const CAMPUS_SLOTS = Array.from({ length: CAMPUS_LIMITS.campuses }, (_, i) => i);

/**
 * The day docs of `campuses` over `range`, live: one listener per campus in scope (a fixed number
 * of hooks, one per campus the institution may have), merged. The dashboard and Home's hotspots
 * read through it.
 */
export function useCampusDays(campuses: readonly string[], range: DayRange) {
  const lists = CAMPUS_SLOTS.map((slot) => {
    const campus = campuses[slot];
    // eslint-disable-next-line react-hooks/rules-of-hooks -- CAMPUS_SLOTS is a constant list
    return useLiveQuery(campus ? campusDaysSpec(campus, range) : null);
  });
  const active = lists.slice(0, campuses.length);
  const failed = active.find((l) => l.status === 'error');
  return {
    status: failed ? 'error' : active.some((l) => l.status === 'loading') ? 'loading' : 'ready',
    error: failed?.error ?? null,
    retry: () => active.forEach((l) => l.retry()),
    days: active.flatMap((l) => l.data),
  } as const;
}
