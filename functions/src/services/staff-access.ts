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
import { requireActiveCampuses } from './campuses';

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
 * an address somebody merely typed at sign-up never becomes staff (a doc the mirror has not caught
 * up with yet is corrected and the call refused, for the Admin to check). Taking access away (app user
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
  // Archiving someone of a retired campus is always allowed; new access is to a campus in use.
  if (grantsStaff) await requireActiveCampuses(db, [after.campus], 'campus');

  const outcome = await db.runTransaction(async (tx) => {
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
    // The server keeps the doc's email equal to the Auth account's (mirrorAuthAccount); they
    // differ only until the mirror runs after an Auth change. The Admin chose this account by
    // what the Accounts screen showed, so access waits: the doc is corrected now and the Admin
    // sees, and checks, the address the account really signs in with before trying again.
    if (grantsStaff && !sameEmail(user.email, profile.email)) {
      tx.update(ref, authAccountChanges(user, profile));
      return { mismatch: String(profile.email) };
    }
    const before = accessOf(profile);
    const same =
      before.role === after.role &&
      before.campus === after.campus &&
      before.isArchived === after.isArchived;
    if (same) return { changed: false };
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
    return { changed: true };
  });
  if ('mismatch' in outcome) {
    fail(
      'failed-precondition',
      `This account now signs in as ${user.email ?? 'another address'}, not ${outcome.mismatch} ` +
        'as its profile showed; the profile now shows the new address. Check who this is, ' +
        'then try again.',
      { reason: 'email-mismatch' },
    );
  }
  const { changed } = outcome;

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
 * Mirrors the caller's Auth account onto their users doc (`email`, `emailVerified`), which the
 * Accounts screen shows; called by the console after the person opened the link.
 */
export async function confirmEmailVerified(
  deps: Pick<StaffAccessDeps, 'db' | 'auth'>,
  uid: string,
): Promise<ConfirmEmailVerifiedResponse> {
  const user = await authUser(deps.auth, uid);
  await mirrorAuthAccount(deps.db, uid, user);
  return { emailVerified: user.emailVerified === true };
}

/** What a users doc mirrors of its Auth account. */
export type AuthAccountFacts = Pick<UserRecord, 'email' | 'emailVerified'>;

/**
 * The users doc fields that differ from its Auth account (docs/security-rules.md#verified-email):
 * `email` follows the Auth email (a case change alone is no change; an Auth account without an
 * email leaves it) and `emailVerified` its verification. Only the server writes either.
 */
export function authAccountChanges(
  user: AuthAccountFacts,
  profile: DocumentData,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (typeof user.email === 'string' && user.email !== '' && !sameEmail(user.email, profile.email))
    changes.email = user.email.toLowerCase();
  if (profile.emailVerified !== (user.emailVerified === true))
    changes.emailVerified = user.emailVerified === true;
  return changes;
}

/**
 * Writes onto an existing users doc what differs from its Auth account (authAccountChanges);
 * true when it wrote. Read and written in one transaction, so a profile edit in between is kept.
 */
export async function mirrorAuthAccount(
  db: Firestore,
  uid: string,
  user: AuthAccountFacts,
): Promise<boolean> {
  const ref = db.collection(COLLECTIONS.users).doc(uid);
  return db.runTransaction(async (tx) => {
    const profile = (await tx.get(ref)).data();
    if (!profile) return false;
    const changes = authAccountChanges(user, profile);
    if (Object.keys(changes).length === 0) return false;
    tx.update(ref, changes);
    return true;
  });
}
