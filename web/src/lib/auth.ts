import { connectAuthEmulator, getAuth } from 'firebase/auth';
import { emulators, firebaseApp } from './firebase';

export const auth = getAuth(firebaseApp);
if (emulators) connectAuthEmulator(auth, emulators.auth, { disableWarnings: true });

/**
 * The signed-in user's uid, which staff writes carry as `updatedBy` (the rules require it to be
 * the caller's, and the server names the actor in the timeline from it).
 */
export function callerUid(): string {
  const uid = auth.currentUser?.uid;
  if (!uid) throw new Error('You are signed out. Sign in again to continue.');
  return uid;
}
