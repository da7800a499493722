import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, fullName, isRole, type Role } from '@campus-safety/model';
import { fail } from './errors';

export interface Caller {
  uid: string;
  role: Role;
  campus: string | null;
  displayName: string;
}

/**
 * Who is calling, read from `users/{uid}` rather than the token's claims, so an archive or role
 * change counts at once instead of when the token next refreshes. `allowed` lists the roles that
 * may make the call; `'any'` admits every signed-in, non-archived account.
 */
export async function requireCaller(
  db: Firestore,
  uid: string | undefined,
  allowed: readonly Role[] | 'any',
): Promise<Caller> {
  if (!uid) fail('unauthenticated', 'Sign in to continue.');
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
