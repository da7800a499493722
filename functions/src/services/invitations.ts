import { createHash, timingSafeEqual } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  INVITATION_TTL_HOURS,
  invitationCode,
  isStaffRole,
  type CallableInput,
  type Invitation,
  type IssueInvitationResponse,
  type RedeemInvitationResponse,
} from '@campus-safety/model';
import { auditEntry } from './account-audit';
import { randomSecret, replacePassword, type AccountDeps } from './credentials';
import type { Caller } from '../platform/caller';
import { authErrorCode, fail } from '../platform/errors';

/** `invitations/{uid}`: server-only; one live invitation per account (a new one replaces it). */
interface StoredInvitation {
  secretHash: string;
  expiresAt: Timestamp;
  issuedAt: Timestamp;
}

const SPENT =
  'This invitation was already used or replaced by a newer one. Ask an Admin for a new invitation.';
const EXPIRED = 'This invitation has expired. Ask an Admin for a new invitation.';
export const NOT_STAFF =
  'Invitations are for staff accounts only. A reporter sets a new password from the app ' +
  '("Forgot password"), which mails the link to the address the account verified.';
export const FILED_REPORTS =
  'This account filed anonymous reports as a reporter, so an Admin cannot set its password: ' +
  'the person sets a new one from the app ("Forgot password").';

/**
 * Why an Admin's invitation may not set this account's password, or null (docs/decisions.md#
 * invitations-staff-only): only a staff account (Admin or IMT) that never filed an anonymous
 * report. Otherwise an Admin could take over a reporter's account, read which anonymous reports
 * are theirs without a logged reveal, and lock them out; a reporter resets by mail instead.
 */
export async function invitationRefusal(
  db: Firestore,
  uid: string,
  profile: { role?: unknown } | undefined,
): Promise<string | null> {
  if (!isStaffRole(profile?.role)) return NOT_STAFF;
  const filed = await db
    .collection(COLLECTIONS.users)
    .doc(uid)
    .collection(COLLECTIONS.anonymousReports)
    .limit(1)
    .get();
  return filed.empty ? null : FILED_REPORTS;
}

function hashOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * A fresh invitation for `uid`: 32 random characters (~186 bits), so only a hash is stored and
 * nothing about it can be derived from the email or a date.
 */
export function newInvitation(
  uid: string,
  issuedAt: Date,
): { shown: Invitation; stored: StoredInvitation; expiresAt: Timestamp } {
  const secret = randomSecret(32);
  const expiresAt = Timestamp.fromMillis(issuedAt.getTime() + INVITATION_TTL_HOURS * 3_600_000);
  return {
    shown: { code: invitationCode(uid, secret), expiresAt: expiresAt.toDate().toISOString() },
    stored: { secretHash: hashOf(secret), expiresAt, issuedAt: Timestamp.fromDate(issuedAt) },
    expiresAt,
  };
}

/**
 * Admin issues a new invitation for an account (the old one dies): the account's password is
 * replaced by one nobody knows and every session ends, until the person redeems the invitation.
 */
export async function issueInvitation(
  deps: AccountDeps,
  admin: Caller,
  uid: string,
): Promise<IssueInvitationResponse> {
  if (uid === admin.uid) {
    fail('failed-precondition', 'Change your own password from your profile instead.');
  }
  const profileRef = deps.db.collection(COLLECTIONS.users).doc(uid);
  const profile = await profileRef.get();
  if (!profile.exists) fail('not-found', 'This account no longer exists.');
  if (profile.get('isArchived') === true) {
    fail('failed-precondition', 'This account is archived. Restore it first.');
  }
  const refusal = await invitationRefusal(deps.db, uid, profile.data());
  if (refusal) fail('failed-precondition', refusal);
  try {
    await deps.auth.getUser(uid);
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found')
      fail('not-found', 'This account cannot sign in (it has no Auth user).');
    throw error;
  }
  const now = deps.now();
  const invitation = newInvitation(uid, now);
  await replacePassword(deps, uid, randomSecret(32));
  const batch = deps.db.batch();
  batch.set(deps.db.collection(COLLECTIONS.invitations).doc(uid), invitation.stored);
  batch.update(profileRef, {
    isUsingDefaultPassword: true,
    defaultPasswordExpiresAt: invitation.expiresAt,
  });
  batch.create(
    deps.db.collection(COLLECTIONS.accountAudit).doc(),
    auditEntry(admin, 'issueInvitation', uid, String(profile.get('email')), null, null, now),
  );
  await batch.commit();
  return { invitation: invitation.shown };
}

/**
 * The invitee sets their own password. The invitation is spent in a transaction before the
 * password changes, so two redemptions of one code cannot both succeed; a wrong, spent or
 * replaced code gets the same answer, so a guess learns nothing. An account that is no longer
 * staff (made a reporter since, or filed anonymous reports) is refused after the code checked
 * out, and the invitation is spent with it: it sets no password.
 */
export async function redeemInvitation(
  deps: AccountDeps,
  input: CallableInput<'redeemInvitation'>,
): Promise<RedeemInvitationResponse> {
  const { db, auth } = deps;
  const ref = db.collection(COLLECTIONS.invitations).doc(input.uid);
  const now = deps.now();
  const outcome = await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const stored = snap.data() as StoredInvitation | undefined;
    if (!stored) return 'spent' as const;
    const given = Buffer.from(hashOf(input.secret), 'hex');
    const kept = Buffer.from(stored.secretHash, 'hex');
    if (given.length !== kept.length || !timingSafeEqual(given, kept)) return 'spent' as const;
    tx.delete(ref);
    return stored.expiresAt.toMillis() <= now.getTime() ? ('expired' as const) : ('ok' as const);
  });
  if (outcome === 'spent') fail('not-found', SPENT);
  if (outcome === 'expired') fail('deadline-exceeded', EXPIRED);

  const profileRef = db.collection(COLLECTIONS.users).doc(input.uid);
  const refusal = await invitationRefusal(db, input.uid, (await profileRef.get()).data());
  if (refusal) fail('failed-precondition', refusal);
  await auth.updateUser(input.uid, { password: input.password });
  await auth.revokeRefreshTokens(input.uid);
  await profileRef.update({ isUsingDefaultPassword: false, defaultPasswordExpiresAt: null });
  await db.collection(COLLECTIONS.accountCredentials).doc(input.uid).delete();
  const user = await auth.getUser(input.uid);
  return { email: user.email ?? '' };
}
