import { createHash, randomInt } from 'node:crypto';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  DEFAULT_PASSWORD_TTL_HOURS,
  fullName,
  type ClearDefaultPasswordResponse,
  type CreateAccountResponse,
  type ReissueDefaultPasswordResponse,
  type UserProfile,
  defaultPassword,
} from '@campus-safety/model';

import type { CallableInput } from '@campus-safety/model';
import { authErrorCode, fail, isFailedPrecondition } from '../platform/errors';

export interface AccountDeps {
  db: Firestore;
  auth: Auth;
  now: () => Date;
}

const EXISTS_MESSAGE =
  'An account with this email already exists. Find it under Accounts (or Archived accounts).';

/**
 * What identifies the password an account has now. Firebase keeps a new salt for every password
 * set, so a changed password changes this; when the hash is not exposed (some production
 * projects redact it) the time tokens were last invalidated stands in, since a password change
 * revokes older sessions.
 */
export function credentialFingerprint(user: UserRecord): {
  passwordFingerprint: string | null;
  tokensValidAfterTime: string | null;
} {
  const hashed =
    user.passwordHash && user.passwordSalt ? `${user.passwordHash}:${user.passwordSalt}` : null;
  return {
    passwordFingerprint: hashed ? createHash('sha256').update(hashed).digest('hex') : null,
    tokensValidAfterTime: user.tokensValidAfterTime ?? null,
  };
}

/**
 * Creates the Auth user and its `users` profile with the default password
 * (docs/requirements.md#default-password). Validation and the duplicate check happen before
 * anything is written; if the profile cannot be written the Auth user is removed again, so a
 * refused or failed call leaves nothing behind.
 */
export async function createAccount(
  deps: AccountDeps,
  input: CallableInput<'createAccount'>,
): Promise<CreateAccountResponse> {
  const { db, auth } = deps;
  const users = db.collection(COLLECTIONS.users);
  const sameEmail = await users.where('email', '==', input.email).limit(1).get();
  if (!sameEmail.empty) fail('already-exists', EXISTS_MESSAGE);

  const registeredAt = deps.now();
  const password = defaultPassword(input.email, registeredAt);
  let user: UserRecord;
  try {
    user = await auth.createUser({
      email: input.email,
      password,
      displayName: fullName(input),
    });
  } catch (error) {
    if (authErrorCode(error) === 'auth/email-already-exists')
      fail('already-exists', EXISTS_MESSAGE);
    if (authErrorCode(error) === 'auth/invalid-email')
      fail('invalid-argument', 'Enter a valid email address.');
    throw error;
  }

  const profile: UserProfile<Timestamp> = {
    firstName: input.firstName,
    firstNameLowerCase: input.firstName.toLowerCase(),
    lastName: input.lastName,
    email: input.email,
    ...(input.contactNumber ? { contactNumber: input.contactNumber } : {}),
    ...(input.address ? { address: input.address } : {}),
    ...(input.birthday ? { birthday: input.birthday } : {}),
    role: input.role,
    campus: input.campus,
    isArchived: false,
    isUsingDefaultPassword: true,
    defaultPasswordExpiresAt: defaultPasswordExpiry(registeredAt),
    registrationDate: registeredAt.toISOString(),
    registrationDateTimestamp: Timestamp.fromDate(registeredAt),
    deviceToken: [],
  };
  try {
    await auth.setCustomUserClaims(user.uid, { role: input.role, campus: input.campus });
    const created = await auth.getUser(user.uid);
    const batch = db.batch();
    batch.create(users.doc(user.uid), profile);
    batch.create(
      db.collection(COLLECTIONS.accountCredentials).doc(user.uid),
      credentialFingerprint(created),
    );
    await batch.commit();
  } catch (error) {
    await auth.deleteUser(user.uid).catch(() => undefined);
    throw error;
  }
  return { uid: user.uid, defaultPassword: password };
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

// No look-alikes (0/O, 1/l/I), so the Admin can read it out.
const SECRET_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random password of `length` characters (about 5.8 bits each). */
export function randomSecret(length: number): string {
  let secret = '';
  for (let i = 0; i < length; i++) secret += SECRET_ALPHABET[randomInt(SECRET_ALPHABET.length)];
  return secret;
}

/**
 * Sets a new password nobody is told, signs the account out everywhere and records the new
 * credential fingerprint, so clearDefaultPassword does not mistake the change for the person's own.
 */
async function replacePassword(deps: AccountDeps, uid: string, password: string): Promise<void> {
  await deps.auth.updateUser(uid, { password });
  await deps.auth.revokeRefreshTokens(uid);
  const user = await deps.auth.getUser(uid);
  await deps.db
    .collection(COLLECTIONS.accountCredentials)
    .doc(uid)
    .set(credentialFingerprint(user));
}

/**
 * Admin gives an account a new default password, shown once: random (the derived one of
 * docs/requirements.md#default-password is only for new accounts: anyone who knows the email and
 * a date could guess it), valid for DEFAULT_PASSWORD_TTL_HOURS. The account must change it at the
 * next sign-in, as a new one.
 */
export async function reissueDefaultPassword(
  deps: AccountDeps,
  adminUid: string,
  uid: string,
): Promise<ReissueDefaultPasswordResponse> {
  if (uid === adminUid) {
    fail('failed-precondition', 'Change your own password from your profile instead.');
  }
  const profileRef = deps.db.collection(COLLECTIONS.users).doc(uid);
  const profile = await profileRef.get();
  if (!profile.exists) fail('not-found', 'This account no longer exists.');
  if (profile.get('isArchived') === true) {
    fail('failed-precondition', 'This account is archived. Restore it first.');
  }
  try {
    await deps.auth.getUser(uid);
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found')
      fail('not-found', 'This account cannot sign in (it has no Auth user).');
    throw error;
  }
  const password = randomSecret(14);
  await replacePassword(deps, uid, password);
  const expiresAt = defaultPasswordExpiry(deps.now());
  await profileRef.update({ isUsingDefaultPassword: true, defaultPasswordExpiresAt: expiresAt });
  return { defaultPassword: password, expiresAt: expiresAt.toDate().toISOString() };
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
