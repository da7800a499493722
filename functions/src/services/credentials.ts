/**
 * What every account use case shares: its dependencies, and the credentials it hands out or
 * replaces (a password nobody is told, its fingerprint). Kept apart from accounts.ts and
 * invitations.ts, which both use them, so neither imports the other for them.
 */
import { createHash, randomInt } from 'node:crypto';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@campus-safety/model';

export interface AccountDeps {
  db: Firestore;
  auth: Auth;
  now: () => Date;
}

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
export async function replacePassword(
  deps: Pick<AccountDeps, 'db' | 'auth'>,
  uid: string,
  password: string,
): Promise<void> {
  await deps.auth.updateUser(uid, { password });
  await deps.auth.revokeRefreshTokens(uid);
  const user = await deps.auth.getUser(uid);
  await deps.db
    .collection(COLLECTIONS.accountCredentials)
    .doc(uid)
    .set(credentialFingerprint(user));
}
