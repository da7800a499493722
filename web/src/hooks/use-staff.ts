import { collection, orderBy, query, where } from 'firebase/firestore';
import { COLLECTIONS, STAFF_ROLES, type UserProfile } from '@campus-safety/model';
import { db } from '../lib/db';
import { useLiveQuery } from '../lib/live-query';

/** Active staff (Admin and IMT) who can be assigned a report, by first name. */
export function useStaff() {
  return useLiveQuery<UserProfile>('users:staff', () =>
    query(
      collection(db, COLLECTIONS.users),
      where('role', 'in', [...STAFF_ROLES]),
      where('isArchived', '==', false),
      orderBy('firstNameLowerCase'),
    ),
  );
}
