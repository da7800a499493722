import { doc, onSnapshot } from 'firebase/firestore';
import { COLLECTIONS, MESSAGES, type UserProfile } from '@campus-safety/model';
import { db } from '../../lib/db';
import { firestoreErrorMessage } from '../../lib/errors';
import type { Profile } from './store';

/**
 * Follows users/{uid}; a missing document leaves the profile empty (docs/requirements.md#errors).
 */
export function listenToProfile(
  uid: string,
  onProfile: (profile: Profile | null) => void,
  onError: (message: string) => void,
): () => void {
  return onSnapshot(
    doc(db, COLLECTIONS.users, uid),
    (snap) => {
      if (!snap.exists()) {
        console.error(MESSAGES.noUserData);
        onProfile(null);
        return;
      }
      onProfile({ ...(snap.data() as UserProfile), id: snap.id });
    },
    (error) => {
      console.error(MESSAGES.noUserData, error);
      onError(firestoreErrorMessage(error));
    },
  );
}
