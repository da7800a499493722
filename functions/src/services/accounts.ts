import { createHash } from 'node:crypto';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  type ClearDefaultPasswordResponse,
  type CreateAccountResponse,
  type UserProfile,
} from '@campus-safety/model';
import { defaultPassword } from '../domain/default-password';
import type { CreateAccountInput } from '../schemas/callables';
import { authErrorCode, fail } from './errors';

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
 * Creates the Auth user and its `users` profile with the default password (spec section 6).
 * Validation and the duplicate check happen before anything is written; if the profile cannot be
 * written the Auth user is removed again, so a refused or failed call leaves nothing behind.
 */
export async function createAccount(
  deps: AccountDeps,
  input: CreateAccountInput,
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
      displayName: `${input.firstName} ${input.lastName}`,
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
  await profileRef.update({ isUsingDefaultPassword: false });
  await recorded.ref.delete();
  return { cleared: true };
}
