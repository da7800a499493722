import { MESSAGES, type UserProfile } from '@campus-safety/model';
import { listenToDoc } from './firestore';
import type { WithId } from './spec';
import { userSpec } from './users';

/*
 * Its own module because the session loads it (and with it Firestore) only once someone is
 * signed in, which keeps /login small.
 */

/**
 * Follows users/{uid}; a missing document leaves the profile empty (the console's access rules).
 * Only the server says it is missing: the cache of a device without a connection that never held
 * it answers nothing, so the session waits instead of asking to finish the account.
 */
export function listenToProfile(
  uid: string,
  onProfile: (profile: WithId<UserProfile> | null) => void,
  onError: (error: unknown) => void,
): () => void {
  return listenToDoc(
    userSpec(uid),
    (profile, fromCache) => {
      if (!profile && fromCache) return;
      if (!profile) console.error(MESSAGES.noUserData);
      onProfile(profile);
    },
    (error) => {
      console.error(MESSAGES.noUserData, error);
      onError(error);
    },
  );
}
