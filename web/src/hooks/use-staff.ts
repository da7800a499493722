import { collection, query } from 'firebase/firestore';
import { COLLECTIONS, type StaffDirectoryEntry } from '@campus-safety/model';
import { db } from '../lib/db';
import { useLiveQuery } from '../lib/live-query';
import { staffScope } from '../lib/staff';
import { whereConstraints } from '../lib/where';

/**
 * Live staff who can be assigned a report, from the staff directory. Unordered (sort with
 * `byFirstName`): an IMT's `campus ==` query with an orderBy would need a composite index for a
 * list of a few dozen people.
 */
export function useStaff(role: string | null, campus: string | null) {
  const scope = staffScope(role, campus);
  return useLiveQuery<StaffDirectoryEntry>(`staff-directory:${JSON.stringify(scope)}`, () =>
    query(collection(db, COLLECTIONS.staffDirectory), ...whereConstraints(scope)),
  );
}
