import type { Role } from '@campus-safety/model';
import { allCampusStatsSpec, campusStatsSpec, type CampusStats } from './incident-stats';
import { useLiveQuery } from './live-query';

export interface LiveStats {
  /** Whether the role sees campus figures at all. */
  shown: boolean;
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  stats: CampusStats[];
  retry: () => void;
}

/**
 * The campus stats docs a role may read, live: Admin listens to the whole collection (each
 * campus's shards), IMT to its campus's shards. Readers sum them by `campus` (a campus without
 * reports has none: zero everywhere, not an error). Other roles get no figures (the stats are
 * campus-wide).
 */
export function useCampusStats(role: Role | null, campus: string | null): LiveStats {
  const all = useLiveQuery(role === 'Admin' ? allCampusStatsSpec : null);
  const one = useLiveQuery(role === 'IMT' && campus ? campusStatsSpec(campus) : null);
  if (role === 'Admin') {
    return { shown: true, status: all.status, error: all.error, stats: all.data, retry: all.retry };
  }
  if (role === 'IMT' && campus) {
    return { shown: true, status: one.status, error: one.error, stats: one.data, retry: one.retry };
  }
  return { shown: false, status: 'ready', error: null, stats: [], retry: () => undefined };
}
