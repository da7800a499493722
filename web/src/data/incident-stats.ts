import { COLLECTIONS, incidentStatsId, type IncidentStats } from '@campus-safety/model';
import { entityConverter } from './firestore';
import type { DocSpec, QuerySpec } from './spec';

/** What Home reads: campus stats docs as they come from Firestore (any bucket may be absent). */
export type CampusStats = Partial<Omit<IncidentStats, 'updatedAt'>>;

const path = [COLLECTIONS.incidentStats] as const;
const converter = entityConverter<CampusStats>();

/** Every campus's stats doc (Admins). */
export const allCampusStatsSpec: QuerySpec<CampusStats> = { path, converter, wheres: [] };

/** One campus's stats doc (IMT). */
export function campusStatsSpec(campus: string): DocSpec<CampusStats> {
  return { path: [...path, incidentStatsId(campus)], converter };
}
