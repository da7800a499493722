import { collection, doc } from 'firebase/firestore';
import { COLLECTIONS, incidentStatsId, type Role } from '@campus-safety/model';
import { db } from '../../lib/db';
import { useLiveDoc, useLiveQuery } from '../../lib/live-query';
import type { CampusStats } from './figures';

export interface LiveStats {
  /** The listener's key (for retry); null when the role sees no campus figures. */
  key: string | null;
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  stats: CampusStats[];
}

/**
 * The campus stats docs a role may read, live: Admin listens to the whole collection (one doc per
 * campus), IMT to its campus's doc. Other roles get no figures (the stats are campus-wide).
 */
export function useCampusStats(role: Role | null, campus: string | null): LiveStats {
  const allKey = role === 'Admin' ? 'incident-stats:all' : null;
  const oneKey = role === 'IMT' && campus ? `incident-stats:${campus}` : null;
  const all = useLiveQuery<CampusStats>(allKey, () => collection(db, COLLECTIONS.incidentStats));
  const one = useLiveDoc<CampusStats>(oneKey, () =>
    doc(db, COLLECTIONS.incidentStats, incidentStatsId(campus ?? '')),
  );
  if (allKey) return { key: allKey, status: all.status, error: all.error, stats: all.data };
  if (oneKey) {
    // A campus without reports has no doc yet: that is zero everywhere, not an error.
    return { key: oneKey, status: one.status, error: one.error, stats: one.data ? [one.data] : [] };
  }
  return { key: null, status: 'ready', error: null, stats: [] };
}
