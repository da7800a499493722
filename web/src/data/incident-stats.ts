import { COLLECTIONS, type IncidentStats } from '@campus-safety/model';
import { entityConverter } from './firestore';
import type { QuerySpec } from './spec';

/** What Home reads: campus stats docs as they come from Firestore (any bucket may be absent). */
export type CampusStats = Partial<Omit<IncidentStats, 'updatedAt'>>;

const path = [COLLECTIONS.incidentStats] as const;
const converter = entityConverter<CampusStats>();

/**
 * Every campus's stats docs (Admins): each campus's INCIDENT_STATS_SHARDS shards, each labelled
 * with its campus, so summing by `campus` gives the campus's figures (at most campuses × shards
 * documents).
 */
export const allCampusStatsSpec: QuerySpec<CampusStats> = { path, converter, wheres: [] };

/** One campus's stats shards (IMT): at most INCIDENT_STATS_SHARDS documents. */
export function campusStatsSpec(campus: string): QuerySpec<CampusStats> {
  return { path, converter, wheres: [{ field: 'campus', op: '==', value: campus }] };
}
