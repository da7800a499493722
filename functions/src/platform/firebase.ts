import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';

/** The admin app, initialised on first use (credentials and emulator hosts come from the environment). */
function app() {
  return getApps()[0] ?? initializeApp();
}

export function db(): Firestore {
  return getFirestore(app());
}

/** A Storage bucket of the admin app (the default bucket when no name is given). */
export function bucket(name?: string) {
  return getStorage(app()).bucket(name);
}

export type Bucket = ReturnType<typeof bucket>;

export function auth(): Auth {
  return getAuth(app());
}

export function isEmulated(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.FUNCTIONS_EMULATOR === 'true';
}

/**
 * The Auth account of `uid` as the server acts on it: its email and whether it is verified (the
 * users doc only mirrors them); null for an unknown account.
 */
export async function accountEmail(
  uid: string,
): Promise<{ email: string; emailVerified: boolean } | null> {
  try {
    const user = await auth().getUser(uid);
    return { email: user.email ?? '', emailVerified: user.emailVerified === true };
  } catch (error) {
    if ((error as { code?: unknown }).code === 'auth/user-not-found') return null;
    throw error;
  }
}

/**
 * Whether the Auth account of `uid` has verified its email: the truth a page or an assignment
 * acts on. An unknown account has not.
 */
export async function accountEmailVerified(uid: string): Promise<boolean> {
  return (await accountEmail(uid))?.emailVerified === true;
}
