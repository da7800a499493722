import type { Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  SECOND_FACTOR_REQUIRED_MESSAGE,
  SECURITY_SETTINGS,
  fullName,
  isRole,
  readSecuritySettings,
  secondFactorSatisfied,
  type Role,
} from '@campus-safety/model';
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

/** The part of a verified ID token that says how this session signed in. */
export interface SignInFactors {
  firebase?: { sign_in_second_factor?: string };
}

/**
 * When settings/security requires it, an Admin whose session signed in without a second factor
 * may not act as Admin (docs/decisions.md#second-factor-for-admins), as in the rules'
 * mfaSatisfied(). The settings are read only for such a session.
 */
export async function requireAdminSecondFactor(
  db: Firestore,
  caller: Caller,
  token: SignInFactors | undefined,
): Promise<void> {
  const factor = token?.firebase?.sign_in_second_factor;
  if (caller.role !== 'Admin' || factor) return;
  const settings = await db
    .collection(SECURITY_SETTINGS.collection)
    .doc(SECURITY_SETTINGS.id)
    .get();
  if (!secondFactorSatisfied(caller.role, factor, readSecuritySettings(settings.data()))) {
    fail('permission-denied', SECOND_FACTOR_REQUIRED_MESSAGE);
  }
}
