import { COLLECTIONS, type UserProfile } from '@campus-safety/model';
import { entityConverter, updateDocument } from './firestore';
import type { DocSpec, QuerySpec } from './spec';

const path = [COLLECTIONS.users] as const;
const converter = entityConverter<UserProfile>();

/** The Accounts list (Admins): by archived flag, by first name. */
export function accountsSpec(archived: boolean): QuerySpec<UserProfile> {
  return {
    path,
    converter,
    wheres: [{ field: 'isArchived', op: '==', value: archived }],
    orderBy: { field: 'firstNameLowerCase', direction: 'asc' },
  };
}

/** One users document (the signed-in person's own: colleagues' are private). */
export function userSpec(uid: string): DocSpec<UserProfile> {
  return { path: [...path, uid], converter };
}

/** Own profile fields (the owner), or role, campus and archived flag (an Admin; the user trigger
 * mirrors them into claims and disables archived accounts in Auth). */
export function updateUser(uid: string, change: Record<string, unknown>, failure: string) {
  return updateDocument([...path, uid], change, failure);
}
