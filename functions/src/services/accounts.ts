import type { Auth, UserRecord } from 'firebase-admin/auth';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  DEFAULT_PASSWORD_TTL_HOURS,
  fullName,
  type ClearDefaultPasswordResponse,
  type CreateAccountResponse,
  type UnverifiedHolder,
  type UserProfile,
  DERIVED_DEFAULT_PASSWORD_ENABLED,
  defaultPassword,
} from '@campus-safety/model';

import type { CallableInput } from '@campus-safety/model';
import { auditEntry } from './account-audit';
import type { Caller } from '../platform/caller';
import { authErrorCode, fail, isFailedPrecondition } from '../platform/errors';
import {
  credentialFingerprint,
  randomSecret,
  replacePassword,
  type AccountDeps,
} from './credentials';
import { newInvitation } from './invitations';
import { requireActiveCampuses } from './campuses';

function users(db: Firestore) {
  return db.collection(COLLECTIONS.users);
}

const EXISTS_MESSAGE =
  'An account with this email already exists. Find it under Accounts (or Archived accounts).';

/**
 * Creates the Auth user and its `users` profile, and an invitation shown once to the Admin
 * (docs/decisions.md#invitations): the Auth user's password is random and known to nobody until
 * the person redeems the invitation and sets their own. The derived default password of
 * docs/requirements.md#default-password is set instead only where the deployment turned it on
 * (unsafe). Validation and the duplicate check happen before anything is written; if the profile
 * cannot be written the Auth user is removed again, so a refused or failed call leaves nothing.
 */
export async function createAccount(
  deps: AccountDeps,
  admin: Caller,
  input: CallableInput<'createAccount'>,
): Promise<CreateAccountResponse> {
  const { db, auth } = deps;
  await requireActiveCampuses(db, [input.campus], 'campus');
  await refuseTakenAddress(auth, input.email);

  const registeredAt = deps.now();
  const password = DERIVED_DEFAULT_PASSWORD_ENABLED
    ? defaultPassword(input.email, registeredAt)
    : randomSecret(32);
  let user: UserRecord;
  try {
    user = await auth.createUser({
      email: input.email,
      password,
      emailVerified: false,
      displayName: fullName(input),
    });
  } catch (error) {
    if (authErrorCode(error) === 'auth/email-already-exists')
      fail('already-exists', EXISTS_MESSAGE);
    if (authErrorCode(error) === 'auth/invalid-email')
      fail('invalid-argument', 'Enter a valid email address.');
    throw error;
  }

  const invitation = newInvitation(user.uid, registeredAt);
  const access = { role: input.role, campus: input.campus, isArchived: false };
  const profile: UserProfile<Timestamp> = {
    firstName: input.firstName,
    firstNameLowerCase: input.firstName.toLowerCase(),
    lastName: input.lastName,
    email: user.email ?? input.email,
    ...(input.contactNumber ? { contactNumber: input.contactNumber } : {}),
    ...(input.address ? { address: input.address } : {}),
    ...(input.birthday ? { birthday: input.birthday } : {}),
    ...access,
    isUsingDefaultPassword: true,
    emailVerified: false,
    defaultPasswordExpiresAt: invitation.expiresAt,
    registrationDate: registeredAt.toISOString(),
    registrationDateTimestamp: Timestamp.fromDate(registeredAt),
    deviceToken: [],
  };
  try {
    // The role counts only once the person verified the address (rules and callables check it).
    await auth.setCustomUserClaims(user.uid, { role: input.role, campus: input.campus });
    const created = await auth.getUser(user.uid);
    const batch = db.batch();
    batch.create(users(db).doc(user.uid), profile);
    batch.create(
      db.collection(COLLECTIONS.accountCredentials).doc(user.uid),
      credentialFingerprint(created),
    );
    batch.set(db.collection(COLLECTIONS.invitations).doc(user.uid), invitation.stored);
    batch.create(
      db.collection(COLLECTIONS.accountAudit).doc(),
      auditEntry(admin, 'createAccount', user.uid, profile.email, null, access, registeredAt),
    );
    await batch.commit();
  } catch (error) {
    await auth.deleteUser(user.uid).catch(() => undefined);
    throw error;
  }
  return {
    uid: user.uid,
    invitation: invitation.shown,
    ...(DERIVED_DEFAULT_PASSWORD_ENABLED ? { defaultPassword: password } : {}),
  };
}

/**
 * Refuses an address an Auth account already holds. A holder that never verified it (someone
 * may have signed up with a future colleague's address) is named in the error's details, so the
 * Admin can remove it (removeUnverifiedAccount) and create the real account.
 */
async function refuseTakenAddress(auth: Auth, email: string): Promise<void> {
  let holder: UserRecord;
  try {
    holder = await auth.getUserByEmail(email);
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found') return;
    throw error;
  }
  if (holder.emailVerified) fail('already-exists', EXISTS_MESSAGE);
  const unverifiedHolder: UnverifiedHolder = {
    uid: holder.uid,
    email: holder.email ?? email,
    displayName: holder.displayName ?? null,
    createdAt: holder.metadata.creationTime
      ? new Date(holder.metadata.creationTime).toISOString()
      : null,
  };
  fail(
    'already-exists',
    `${unverifiedHolder.email} is held by an account that never verified the address ` +
      `(created ${unverifiedHolder.createdAt?.slice(0, 10) ?? 'at an unknown time'}). ` +
      'Remove that account to create this one.',
    { unverifiedHolder },
  );
}

/**
 * Clears `isUsingDefaultPassword` once the account's password really differs from the one set at
 * creation. Returns `cleared: false` (and writes nothing) while the default password is in use.
 */
export async function clearDefaultPassword(
  deps: AccountDeps,
  uid: string,
): Promise<ClearDefaultPasswordResponse> {
  const { db, auth } = deps;
  const profileRef = db.collection(COLLECTIONS.users).doc(uid);
  const [profile, recorded, user] = await Promise.all([
    profileRef.get(),
    db.collection(COLLECTIONS.accountCredentials).doc(uid).get(),
    auth.getUser(uid),
  ]);
  if (profile.get('isUsingDefaultPassword') !== true) return { cleared: true };
  if (!recorded.exists) {
    fail(
      'not-found',
      'This account has no record of its default password. Ask an Admin to check it.',
    );
  }
  const now = credentialFingerprint(user);
  const was = recorded.data() as ReturnType<typeof credentialFingerprint>;
  const changed =
    now.passwordFingerprint && was.passwordFingerprint
      ? now.passwordFingerprint !== was.passwordFingerprint
      : !!now.tokensValidAfterTime &&
        !!was.tokensValidAfterTime &&
        Date.parse(now.tokensValidAfterTime) > Date.parse(was.tokensValidAfterTime);
  if (!changed) return { cleared: false };
  await profileRef.update({ isUsingDefaultPassword: false, defaultPasswordExpiresAt: null });
  await recorded.ref.delete();
  return { cleared: true };
}

/** When a default password issued at `issuedAt` stops signing in. */
export function defaultPasswordExpiry(issuedAt: Date): Timestamp {
  return Timestamp.fromMillis(issuedAt.getTime() + DEFAULT_PASSWORD_TTL_HOURS * 3_600_000);
}

/** At most this many accounts per run; the next run (a minute later) takes the rest. */
const EXPIRY_BATCH = 100;

/**
 * Replaces every default password whose time is up with a random secret nobody knows, so it no
 * longer signs in; the account keeps `isUsingDefaultPassword` and waits for an Admin to re-issue.
 * Accounts whose flag was already cleared only lose the stale expiry. Returns how many expired.
 */
export async function expireDefaultPasswords(deps: AccountDeps): Promise<number> {
  const due = await deps.db
    .collection(COLLECTIONS.users)
    .where('defaultPasswordExpiresAt', '<=', Timestamp.fromDate(deps.now()))
    .limit(EXPIRY_BATCH)
    .get();
  let expired = 0;
  for (const doc of due.docs) {
    // Claimed first, only if unchanged since the query: a re-issue in between wins.
    try {
      await doc.ref.update({ defaultPasswordExpiresAt: null }, { lastUpdateTime: doc.updateTime });
    } catch (error) {
      if (isFailedPrecondition(error)) continue;
      throw error;
    }
    if (doc.get('isUsingDefaultPassword') !== true) continue;
    try {
      await replacePassword(deps, doc.id, randomSecret(32));
      expired++;
    } catch (error) {
      // A profile without an Auth user has no password to expire.
      if (authErrorCode(error) !== 'auth/user-not-found') throw error;
    }
  }
  return expired;
}
