import { logger } from 'firebase-functions';
import { beforeUserSignedIn } from 'firebase-functions/v2/identity';
import { db } from '../platform/firebase';
import { mirrorAuthAccount } from '../services/staff-access';

/**
 * Blocking function: before every sign-in, the person's users doc takes the Auth account's email
 * and verification (docs/functions.md#users-doc-follows-auth), so a doc never keeps an address
 * its account gave up. A failed mirror is logged and does not block the sign-in: the doc trigger
 * and setStaffAccess mirror too, and refusing people entry over a copy would be worse.
 */
export const mirrorAccountAtSignIn = beforeUserSignedIn(async (event) => {
  const user = event.data;
  if (!user) return;
  try {
    await mirrorAuthAccount(db(), user.uid, {
      email: user.email,
      emailVerified: user.emailVerified === true,
    });
  } catch (error) {
    logger.error('Could not mirror the Auth account onto its users doc at sign-in', {
      uid: user.uid,
      error: String(error),
    });
  }
});
