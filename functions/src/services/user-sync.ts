import type { Auth, UserRecord } from 'firebase-admin/auth';
import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { isDeepStrictEqual } from 'node:util';
import { COLLECTIONS, staffDirectoryEntry } from '@campus-safety/model';
import { defaultPasswordExpiry } from './accounts';
import { authErrorCode } from '../platform/errors';
import { linkRosterOnVerify } from './roster';
import { mirrorAuthAccount } from './staff-access';

export interface UserSyncOutcome {
  lowerCased: boolean;
  directoryChanged: boolean;
  expiryBackfilled: boolean;
  /** The Auth account's email or verification written onto the doc. */
  authAccountMirrored: boolean;
  disabledChanged: boolean;
  /** A roster person of the verified email became one with the account (services/roster.ts). */
  rosterLinked: boolean;
}

/**
 * Mirrors `users/{uid}` onto what depends on it (docs/design.md#data-model): `firstNameLowerCase`
 * for ordering, the `staff_directory` entry colleagues read, a default-password expiry for accounts
 * created before there was one, the Auth account's email and `emailVerified`, the roster person of a
 * verified email linked (services/roster.ts), and the Auth user disabled while archived. It never grants custom claims: role and campus claims are set only by the Admin
 * callables that change them (staff-access.ts, createAccount), never from what a document says.
 * Every step compares before it writes, so a repeated event changes nothing.
 */
export async function syncUser(
  deps: { db: Firestore; auth: Auth },
  uid: string,
  profile: DocumentData | undefined,
): Promise<UserSyncOutcome> {
  const outcome: UserSyncOutcome = {
    lowerCased: false,
    directoryChanged: false,
    expiryBackfilled: false,
    authAccountMirrored: false,
    disabledChanged: false,
    rosterLinked: false,
  };

  if (profile && typeof profile.firstName === 'string') {
    const lower = profile.firstName.toLowerCase();
    if (profile.firstNameLowerCase !== lower) {
      await deps.db.collection(COLLECTIONS.users).doc(uid).update({ firstNameLowerCase: lower });
      outcome.lowerCased = true;
    }
  }

  outcome.directoryChanged = await syncDirectoryEntry(deps.db, uid, profile);

  // An account created before default passwords expired (issue 10) gets the expiry it would
  // have had, counted from its registration, so the housekeeping job expires it too.
  if (profile?.isUsingDefaultPassword === true && !('defaultPasswordExpiresAt' in profile)) {
    const registered = profile.registrationDateTimestamp;
    await deps.db
      .collection(COLLECTIONS.users)
      .doc(uid)
      .update({
        defaultPasswordExpiresAt: defaultPasswordExpiry(
          registered instanceof Timestamp ? registered.toDate() : new Date(0),
        ),
      });
    outcome.expiryBackfilled = true;
  }

  let user: UserRecord;
  try {
    user = await deps.auth.getUser(uid);
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found') {
      logger.info('users document without an Auth user; nothing to mirror', { uid });
      return outcome;
    }
    throw error;
  }

  if (profile) outcome.authAccountMirrored = await mirrorAuthAccount(deps.db, uid, user);
  outcome.rosterLinked = await linkRosterOnVerify(deps.db, uid, profile);

  // A deleted profile leaves the Auth user as it is: deleting is not archiving.
  const archived = profile?.isArchived === true;
  if (profile && user.disabled !== archived) {
    await deps.auth.updateUser(uid, { disabled: archived });
    // An archived account is signed out everywhere, not only refused at the next sign-in.
    if (archived) await deps.auth.revokeRefreshTokens(uid);
    outcome.disabledChanged = true;
  }
  return outcome;
}

/**
 * Keeps `staff_directory/{uid}` equal to the profile's directory entry: written for live staff,
 * removed for everyone else (app users, archived or deleted accounts). Compares first, so a
 * repeated event writes nothing.
 */
async function syncDirectoryEntry(
  db: Firestore,
  uid: string,
  profile: DocumentData | undefined,
): Promise<boolean> {
  const ref = db.collection(COLLECTIONS.staffDirectory).doc(uid);
  const wanted = staffDirectoryEntry(profile);
  const current = await ref.get();
  if (!wanted) {
    if (!current.exists) return false;
    await ref.delete();
    return true;
  }
  if (current.exists && isDeepStrictEqual(current.data(), wanted)) return false;
  await ref.set(wanted);
  return true;
}
