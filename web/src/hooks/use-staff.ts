import { collection, orderBy, query } from 'firebase/firestore';
import { COLLECTIONS, type UserProfile } from '@campus-safety/model';
import { db } from '../lib/db';
import { useLiveQuery } from '../lib/live-query';
import { staffScope } from '../lib/staff';
import { whereConstraints } from '../lib/where';

/** Live staff who can be assigned a report, by first name. */
export function useStaff(role: string | null, campus: string | null) {
  const scope = staffScope(role, campus);
  return useLiveQuery<UserProfile>(`users:staff:${JSON.stringify(scope)}`, () =>
    query(
      collection(db, COLLECTIONS.users),
      ...whereConstraints(scope),
      orderBy('firstNameLowerCase'),
    ),
  );
}
