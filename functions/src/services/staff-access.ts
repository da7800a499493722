import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  isRole,
  type CallableInput,
  type ConfirmEmailVerifiedResponse,
  type RemoveUnverifiedAccountResponse,
  type SetStaffAccessResponse,
  type StaffAccess,
} from '@campus-safety/model';
import { auditEntry } from './account-audit';
import type { Caller } from '../platform/caller';
import { authErrorCode, fail } from '../platform/errors';

export interface StaffAccessDeps {
  db: Firestore;
  auth: Auth;
  now: () => Date;
}

async function authUser(auth: Auth, uid: string): Promise<UserRecord> {
  try {
    return await auth.getUser(uid);
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found')
      fail('not-found', 'This account cannot sign in (it has no Auth user).');
    throw error;
  }
}

function sameEmail(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
}

function accessOf(data: DocumentData): StaffAccess {
  return {
    role: isRole(data.role) ? data.role : 'User',
    campus: typeof data.campus === 'string' ? data.campus : null,
    isArchived: data.isArchived === true,
  };
}

/**
 * The only way a role, campus or archive flag changes (docs/security-rules.md#staff-access): the
 * users doc and the custom claims together, with an `account_audit` entry. Giving live staff
 * access needs an Auth account that verified its email, and the same email as the users doc, so
 * an address somebody merely typed at sign-up never becomes staff. Taking access away (app user
 * or archived) is always allowed. Repeating a call repairs claims that fell out of step.
 */
export async function setStaffAccess(
  deps: StaffAccessDeps,
  admin: Caller,
  input: CallableInput<'setStaffAccess'>,
): Promise<SetStaffAccessResponse> {
  const { db, auth } = deps;
  if (input.uid === admin.uid) {
    fail('failed-precondition', 'Another Admin must change your own role, campus or archive.');
  }
  const ref = db.collection(COLLECTIONS.users).doc(input.uid);
  const user = await authUser(auth, input.uid);
  const after: StaffAccess = {
    role: input.role,
    campus: input.campus,
    isArchived: input.isArchived,
  };
  const grantsStaff = after.role !== 'User' && !after.isArchived;

  const changed = await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const profile = snap.data();
    if (!profile) fail('not-found', 'This account no longer exists.');
    if (grantsStaff && user.emailVerified !== true) {
      fail(
        'failed-precondition',
        `${user.email ?? 'This account'} has not verified its email address, so it cannot ` +
          'be given staff access. Ask the person to open the verification link we sent, then try again.',
        { reason: 'unverified' },
      );
    }
    if (grantsStaff && !sameEmail(user.email, profile.email)) {
      fail(
        'failed-precondition',
        'The account signs in with a different email than its profile shows. ' +
          'Check who this is before giving it staff access.',
        { reason: 'email-mismatch' },
      );
    }
    const before = accessOf(profile);
    const same =
      before.role === after.role &&
      before.campus === after.campus &&
      before.isArchived === after.isArchived;
    if (same) return false;
    tx.update(ref, { ...after, emailVerified: user.emailVerified === true });
    tx.create(
      db.collection(COLLECTIONS.accountAudit).doc(),
      auditEntry(
        admin,
        'setStaffAccess',
        input.uid,
        String(profile.email),
        before,
        after,
        deps.now(),
      ),
    );
    return true;
  });

  const { role: _role, campus: _campus, ...otherClaims } = user.customClaims ?? {};
  const claims = user.customClaims ?? {};
  if (claims.role !== after.role || claims.campus !== after.campus || !('campus' in claims)) {
    await auth.setCustomUserClaims(input.uid, {
      ...otherClaims,
      role: after.role,
      campus: after.campus,
    });
  }
  if (user.disabled !== after.isArchived) {
    await auth.updateUser(input.uid, { disabled: after.isArchived });
  }
  // Any access change ends the old sessions, so no token keeps claims the doc no longer backs.
  if (changed) await auth.revokeRefreshTokens(input.uid);
  return { changed };
}

/**
 * Removes an account whose owner never verified its email (typically a self-registered squatter
 * of a colleague's address): the Auth user, its users doc and invitation. A verified account is
 * archived instead, never removed.
 */
export async function removeUnverifiedAccount(
  deps: StaffAccessDeps,
  admin: Caller,
  uid: string,
): Promise<RemoveUnverifiedAccountResponse> {
  if (uid === admin.uid) fail('failed-precondition', 'You cannot remove your own account.');
  const user = await authUser(deps.auth, uid);
  if (user.emailVerified) {
    fail(
      'failed-precondition',
      'This account verified its email, so it is not removed: archive it instead.',
    );
  }
  const ref = deps.db.collection(COLLECTIONS.users).doc(uid);
  const profile = (await ref.get()).data();
  await deps.auth.deleteUser(uid);
  const batch = deps.db.batch();
  batch.delete(ref);
  batch.delete(deps.db.collection(COLLECTIONS.invitations).doc(uid));
  batch.delete(deps.db.collection(COLLECTIONS.accountCredentials).doc(uid));
  batch.create(
    deps.db.collection(COLLECTIONS.accountAudit).doc(),
    auditEntry(
      admin,
      'removeUnverifiedAccount',
      uid,
      user.email ?? '',
      profile ? accessOf(profile) : null,
      null,
      deps.now(),
    ),
  );
  await batch.commit();
  return { removed: true };
}

/**
 * Mirrors the caller's Auth verification onto their users doc (`emailVerified`), which the
 * Accounts screen shows; called by the console after the person opened the link.
 */
export async function confirmEmailVerified(
  deps: Pick<StaffAccessDeps, 'db' | 'auth'>,
  uid: string,
): Promise<ConfirmEmailVerifiedResponse> {
  const user = await authUser(deps.auth, uid);
  await mirrorEmailVerified(deps.db, uid, user);
  return { emailVerified: user.emailVerified === true };
}

/** Writes `emailVerified` onto an existing users doc when it differs; true when it wrote. */
export async function mirrorEmailVerified(
  db: Firestore,
  uid: string,
  user: UserRecord,
  current?: DocumentData,
): Promise<boolean> {
  const ref = db.collection(COLLECTIONS.users).doc(uid);
  const profile = current ?? (await ref.get()).data();
  if (!profile || profile.emailVerified === user.emailVerified) return false;
  await ref.update({ emailVerified: user.emailVerified === true });
  return true;
}
