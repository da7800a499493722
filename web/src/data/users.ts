import { COLLECTIONS, MESSAGES, type UserProfile } from '@campus-safety/model';
import { entityConverter, listenToDoc, updateDocument } from './firestore';
import type { DocSpec, QuerySpec, WithId } from './spec';

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

function userSpec(uid: string): DocSpec<UserProfile> {
  return { path: [...path, uid], converter };
}

/** Follows users/{uid}; a missing document leaves the profile empty (the console's access rules). */
export function listenToProfile(
  uid: string,
  onProfile: (profile: WithId<UserProfile> | null) => void,
  onError: (error: unknown) => void,
): () => void {
  return listenToDoc(
    userSpec(uid),
    (profile) => {
      if (!profile) console.error(MESSAGES.noUserData);
      onProfile(profile);
    },
    (error) => {
      console.error(MESSAGES.noUserData, error);
      onError(error);
    },
  );
}

/** Own profile fields (the owner), or role, campus and archived flag (an Admin; the user trigger
 * mirrors them into claims and disables archived accounts in Auth). */
export function updateUser(uid: string, change: Record<string, unknown>, failure: string) {
  return updateDocument([...path, uid], change, failure);
}
