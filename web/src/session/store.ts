import { create } from 'zustand';
import {
  onAuthStateChanged,
  reload,
  signInWithEmailAndPassword,
  signOut,
  type User,
} from 'firebase/auth';
import type { UserProfile } from '@campus-safety/model';
import { auth } from '../lib/auth';
import { firestoreErrorMessage } from '../lib/errors';
import { APP_SCOPE } from '../lib/app-scope';
import { authErrorMessage, isSecondFactorRequired } from './auth-errors';
import { unsubscribeThisDevice } from './web-push';

export type Profile = UserProfile & { id: string };

export interface SessionState {
  /** `loading` until both the Auth state and (when signed in) the users/{uid} document are known. */
  status: 'loading' | 'signedOut' | 'signedIn';
  user: User | null;
  emailVerified: boolean;
  profile: Profile | null;
  profileError: string | null;
}

interface AuthStore extends SessionState {
  start: () => () => void;
  signIn: (email: string, password: string) => Promise<void>;
  signOut: () => Promise<void>;
  /** Reloads the Auth user (email verification re-check); returns whether the email is verified. */
  recheckUser: () => Promise<boolean>;
}

let stopProfile: (() => void) | null = null;

export const useAuth = create<AuthStore>((set, get) => ({
  status: 'loading',
  user: null,
  emailVerified: false,
  profile: null,
  profileError: null,

  start: () => {
    const stopAuth = onAuthStateChanged(auth, (user) => {
      stopProfile?.();
      stopProfile = null;
      if (!user) {
        set({
          status: 'signedOut',
          user: null,
          emailVerified: false,
          profile: null,
          profileError: null,
        });
        return;
      }
      set({
        status: 'loading',
        user,
        emailVerified: user.emailVerified,
        profile: null,
        profileError: null,
      });
      // Firestore is loaded only once someone is signed in, which keeps /login small.
      void import('../data/profile').then(({ listenToProfile }) => {
        if (get().user?.uid !== user.uid) return;
        stopProfile = listenToProfile(
          user.uid,
          (profile) => set({ status: 'signedIn', profile, profileError: null }),
          (error) =>
            set({ status: 'signedIn', profile: null, profileError: firestoreErrorMessage(error) }),
        );
      });
    });
    return () => {
      stopAuth();
      stopProfile?.();
    };
  },

  signIn: async (email, password) => {
    try {
      await signInWithEmailAndPassword(auth, email.trim(), password);
    } catch (error) {
      // Kept as it is: the login page's second step resolves it with the SMS code.
      if (isSecondFactorRequired(error)) throw error;
      throw new Error(authErrorMessage(error));
    }
  },

  signOut: async () => {
    await unsubscribeThisDevice([APP_SCOPE, '/']);
    await signOut(auth);
  },

  recheckUser: async () => {
    const user = auth.currentUser;
    if (!user) return false;
    await reload(user);
    // The token carries email_verified for the rules; refresh it so they see the change.
    if (user.emailVerified) await user.getIdToken(true);
    set({ user, emailVerified: user.emailVerified });
    return user.emailVerified;
  },
}));
