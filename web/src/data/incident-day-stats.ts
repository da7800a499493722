import {
  COLLECTIONS,
  INCIDENT_STATS_DAYS,
  incidentStatsId,
  type DayRange,
  type IncidentDayStats,
} from '@campus-safety/model';
import { entityConverter } from './firestore';
import type { QuerySpec } from './spec';

/** A day doc as it comes from Firestore (any bucket may be absent). */
export type DayStats = Partial<Omit<IncidentDayStats, 'updatedAt'>>;

const converter = entityConverter<DayStats>();

/**
 * The day docs of one campus in a period: one query on the `day` field (a single-field range, no
 * composite index), reading one document per day that had reports, however many it had.
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
