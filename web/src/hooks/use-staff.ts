import { collection, orderBy, query } from 'firebase/firestore';
import { COLLECTIONS, type StaffDirectoryEntry } from '@campus-safety/model';
import { db } from '../lib/db';
import { useLiveQuery } from '../lib/live-query';
import { staffScope } from '../lib/staff';
import { whereConstraints } from '../lib/where';

/** Live staff who can be assigned a report (from the staff directory), by first name. */
export function useStaff(role: string | null, campus: string | null) {
  const scope = staffScope(role, campus);
  return useLiveQuery<StaffDirectoryEntry>(`staff-directory:${JSON.stringify(scope)}`, () =>
    query(
      collection(db, COLLECTIONS.staffDirectory),
      ...whereConstraints(scope),
      orderBy('firstNameLowerCase'),
    ),
  );
}
