/**
 * The first Admin of a deployment (docs/setup.md#first-admin), through the console's own
 * account services: a new address gets an account as `createAccount` makes it, an existing
 * verified account is promoted as `setStaffAccess` does and invited as `issueInvitation` does.
 * Either way the person receives an invitation, sets their own password with it and verifies the
 * address before the role counts: nothing here marks an email verified. Refuses, changing nothing,
 * once a live Admin exists.
 */
import { COLLECTIONS, createAccountSchema } from '@campus-safety/model';
import { createAccount } from '../../functions/src/services/accounts.ts';
import { invitationRefusal, issueInvitation } from '../../functions/src/services/invitations.ts';
import { setStaffAccess } from '../../functions/src/services/staff-access.ts';
import { writeStarterSettings } from './starter-settings.mjs';

/** Who the audit entries name as the author of the first Admin's access and invitation. */
export const SETUP_CALLER = Object.freeze({
  uid: 'setup-command',
  role: 'Admin',
  campus: null,
  displayName: 'the setup command',
});

/** A refusal with the sentence to show; nothing was written. */
export class SetupRefusal extends Error {}

const FURTHER_ACCOUNTS =
  'Setup only makes the first Admin: further accounts are created on the console’s Accounts screen.';

async function authUserOrNull(lookup) {
  try {
    return await lookup();
  } catch (error) {
    if (error?.code === 'auth/user-not-found') return null;
    throw error;
  }
}

/**
 * The Admins who can sign in: a users doc with role Admin, not archived, whose Auth user exists
 * and is enabled. One who has not verified their address yet counts, so a second run does not
 * make a second Admin while the first invitation is on its way.
 */
export async function liveAdmins(db, auth) {
  const admins = await db.collection(COLLECTIONS.users).where('role', '==', 'Admin').get();
  const live = [];
  for (const doc of admins.docs) {
    if (doc.get('isArchived') === true) continue;
    const user = await authUserOrNull(() => auth.getUser(doc.id));
    if (user && !user.disabled) {
      live.push({ uid: doc.id, email: user.email ?? '', emailVerified: user.emailVerified });
    }
  }
  return live;
}

function refusalForAdmin(admin) {
  const pending = admin.emailVerified
    ? ''
    : ' That Admin has not verified their address yet; if their invitation was lost or has ' +
      'expired, delete that user under Authentication in the Firebase console and run setup again.';
  return `This deployment already has an Admin: ${admin.email} (uid ${admin.uid}). ${FURTHER_ACCOUNTS}${pending}`;
}

/**
 * @param {{ db: import('firebase-admin/firestore').Firestore, auth: import('firebase-admin/auth').Auth,
 *   now: () => Date, email: string, name: { firstName: string, lastName: string } | null }} options
 * @returns {Promise<{ action: 'created' | 'promoted', uid: string,
 *   invitation: { code: string, expiresAt: string }, settings: { written: string[], kept: string[] } }>}
 */
export async function setUpFirstAdmin({ db, auth, now, email, name }) {
  const [admin] = await liveAdmins(db, auth);
  if (admin) throw new SetupRefusal(refusalForAdmin(admin));
  const deps = { db, auth, now };
  const existing = await authUserOrNull(() => auth.getUserByEmail(email));

  if (!existing) {
    if (!name) {
      throw new SetupRefusal(
        `${email} has no account yet: give the person's name with --name "First Last".`,
      );
    }
    const parsed = createAccountSchema.safeParse({ ...name, email, role: 'Admin', campus: null });
    if (!parsed.success)
      throw new SetupRefusal(parsed.error.issues.map((i) => i.message).join(' '));
    const settings = await writeStarterSettings(db, { now: now() });
    const created = await createAccount(deps, SETUP_CALLER, parsed.data);
    return { action: 'created', uid: created.uid, invitation: created.invitation, settings };
  }

  // The console gives staff access only to an account that verified its address
  // (setStaffAccess); an unverified holder may be anyone who typed it at sign-up.
  if (!existing.emailVerified) {
    throw new SetupRefusal(
      `${email} belongs to an account (uid ${existing.uid}) that never verified the address, so ` +
        'it cannot be made Admin: anyone can sign up with an address. Delete that user under ' +
        'Authentication in the Firebase console, then run setup again to create the account afresh.',
    );
  }
  const profile = await db.collection(COLLECTIONS.users).doc(existing.uid).get();
  if (!profile.exists) {
    throw new SetupRefusal(
      `${email} has an Auth user (uid ${existing.uid}) but no profile in users/. Delete that ` +
        'user under Authentication in the Firebase console, then run setup again to create the account afresh.',
    );
  }
  const refusal = await invitationRefusal(db, existing.uid, { role: 'Admin' });
  if (refusal) throw new SetupRefusal(`${email}: ${refusal}`);

  const settings = await writeStarterSettings(db, { now: now() });
  await setStaffAccess(deps, SETUP_CALLER, {
    uid: existing.uid,
    role: 'Admin',
    campus: null,
    isArchived: false,
  });
  const { invitation } = await issueInvitation(deps, SETUP_CALLER, existing.uid);
  return { action: 'promoted', uid: existing.uid, invitation, settings };
}
