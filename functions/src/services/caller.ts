import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, fullName, isRole, type Role } from '@campus-safety/model';
import { fail } from './errors';

export interface Caller {
  uid: string;
  role: Role;
  campus: string | null;
  displayName: string;
}

/** The parts of a verified ID token (callable `request.auth`, or `verifyIdToken`) we rely on. */
export interface CallerToken {
  uid: string;
  token: { email_verified?: boolean };
}

export const UNVERIFIED_MESSAGE =
  'Verify your email address first: open the link we sent you, then sign in again.';

/**
 * The one check of "acts for a person": a token whose email Firebase Auth has verified. An email
 * nobody verified proves nothing (anyone can sign up with a colleague's address), so neither a
 * role nor a write counts for it.
 */
export function requireVerified(auth: CallerToken | undefined): CallerToken {
  if (!auth?.uid) fail('unauthenticated', 'Sign in to continue.');
  if (auth.token.email_verified !== true) fail('permission-denied', UNVERIFIED_MESSAGE);
  return auth;
}

/**
 * Who is calling, read from `users/{uid}` rather than the token's claims, so an archive or role
 * change counts at once instead of when the token next refreshes. `allowed` lists the roles that
 * may make the call; `'any'` admits every signed-in, non-archived account. The token must carry
 * a verified email unless `allowUnverified` (only the call that mirrors verification itself).
 */
export async function requireCaller(
  db: Firestore,
  auth: CallerToken | undefined,
  allowed: readonly Role[] | 'any',
  options: { allowUnverified?: boolean } = {},
): Promise<Caller> {
  if (!auth?.uid) fail('unauthenticated', 'Sign in to continue.');
  if (!options.allowUnverified) requireVerified(auth);
  const { uid } = auth;
  const snap = await db.collection(COLLECTIONS.users).doc(uid).get();
  const profile = snap.data();
  if (!profile || !isRole(profile.role)) {
    fail(
      'permission-denied',
      'Your account has no profile with a role yet. Ask an Admin to set it up.',
    );
  }
  if (profile.isArchived === true) {
    fail('permission-denied', 'Your account is archived. Ask an Admin to restore it.');
  }
  if (allowed !== 'any' && !allowed.includes(profile.role)) {
    fail('permission-denied', `Only ${allowed.join(' or ')} accounts can do this.`);
  }
  return {
    uid,
    role: profile.role,
    campus: typeof profile.campus === 'string' ? profile.campus : null,
    displayName: fullName(profile),
  };
}
