import type { Role } from '@campus-safety/model';
import { allCampusStatsSpec, campusStatsSpec, type CampusStats } from './incident-stats';
import { useLiveDoc, useLiveQuery } from './live-query';

export interface LiveStats {
  /** Whether the role sees campus figures at all. */
  shown: boolean;
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  stats: CampusStats[];
  retry: () => void;
}

/**
 * The campus stats docs a role may read, live: Admin listens to the whole collection (one doc per
 * campus), IMT to its campus's doc. Other roles get no figures (the stats are campus-wide).
 */
export function useCampusStats(role: Role | null, campus: string | null): LiveStats {
  const all = useLiveQuery(role === 'Admin' ? allCampusStatsSpec : null);
  const one = useLiveDoc(role === 'IMT' && campus ? campusStatsSpec(campus) : null);
  if (role === 'Admin') {
    return { shown: true, status: all.status, error: all.error, stats: all.data, retry: all.retry };
  }
  if (role === 'IMT' && campus) {
    // A campus without reports has no doc yet: that is zero everywhere, not an error.
    const stats = one.data ? [one.data] : [];
    return { shown: true, status: one.status, error: one.error, stats, retry: one.retry };
  }
  return { shown: false, status: 'ready', error: null, stats: [], retry: () => undefined };
}
