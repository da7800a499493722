import assert from 'node:assert/strict';
import { Timestamp } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  INVITATION_TTL_HOURS,
  defaultPassword,
  parseInvitationCode,
  type CreateAccountResponse,
  type IssueInvitationResponse,
  type UnverifiedHolder,
} from '@campus-safety/model';
import {
  account,
  auth,
  callError,
  closeAll,
  db,
  docData,
  signIn,
  signUp,
  unique,
  waitFor,
  waitForLogs,
} from './stack';

const HOUR = 3_600_000;
const PASSWORD = 'my own long passphrase';

function request(extra: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `${unique('ada')}@Campus.test`,
    role: 'IMT',
    campus: 'main',
    contactNumber: '+63 912 000 1111',
    ...extra,
  };
}

async function usersWithEmail(email: string) {
  return (await db.collection(COLLECTIONS.users).where('email', '==', email).get()).size;
}

async function auditOf(uid: string) {
  const entries = await db.collection(COLLECTIONS.accountAudit).where('uid', '==', uid).get();
  return entries.docs.map((d) => d.data());
}

async function refusedSignIn(email: string, password: string): Promise<string> {
  try {
    await signIn(email, password);
  } catch (error) {
    return String((error as { code?: string }).code);
  }
  return 'signed in';
}

function secretOf(res: { invitation: { code: string } }) {
  const parsed = parseInvitationCode(res.invitation.code);
  assert.ok(parsed, res.invitation.code);
  return parsed;
}

describe('createAccount (invitations, issue 17)', () => {
  after(closeAll);

  it('creates the account with a one-time invitation and no derivable password', async () => {
    const admin = await account({ role: 'Admin' });
    const input = request();
    const res = await admin.call<CreateAccountResponse>('createAccount', input);
    const email = input.email.toLowerCase();
    const profile = await docData(`${COLLECTIONS.users}/${res.uid}`);
    assert.equal(profile!.email, email);
    assert.equal(profile!.firstNameLowerCase, 'ada');
    assert.equal(profile!.isUsingDefaultPassword, true);
    assert.equal(profile!.emailVerified, false);
    assert.equal(profile!.isArchived, false);
    assert.equal(res.defaultPassword, undefined);
    assert.deepEqual((await auth.getUser(res.uid)).customClaims, {
      role: 'IMT',
      campus: 'main',
    });
    // The spec's derived password does not sign in: it was never set.
    const registered = new Date(profile!.registrationDate);
    assert.match(await refusedSignIn(email, defaultPassword(email, registered)), /^auth\//);

    const { uid, secret } = secretOf(res);
    assert.equal(uid, res.uid);
    const stored = await docData(`${COLLECTIONS.invitations}/${res.uid}`);
    assert.ok(!JSON.stringify(stored).includes(secret), 'only a hash of the secret is stored');
    const expires = (stored!.expiresAt as Timestamp).toMillis();
    assert.equal(expires, Date.parse(res.invitation.expiresAt));
    assert.ok(Math.abs(expires - registered.getTime() - INVITATION_TTL_HOURS * HOUR) < 60_000);

    const [entry] = await auditOf(res.uid);
    assert.equal(entry!.action, 'createAccount');
    assert.equal(entry!.byUid, admin.uid);
    assert.deepEqual(entry!.after, { role: 'IMT', campus: 'main', isArchived: false });
  });

  it('refuses an address a verified account holds, creating nothing', async () => {
    const admin = await account({ role: 'Admin' });
    const input = request();
    await admin.call('createAccount', input);
    await auth.updateUser((await auth.getUserByEmail(input.email)).uid, { emailVerified: true });
    const before = (await auth.listUsers(1000)).users.length;
    const err = await callError(admin.call('createAccount', { ...input, firstName: 'Other' }));
    assert.equal(err.code, 'functions/already-exists');
    assert.match(err.message, /already exists/);
    assert.equal(await usersWithEmail(input.email.toLowerCase()), 1);
    assert.equal((await auth.listUsers(1000)).users.length, before);
  });

  it('names an unverified self-registered holder, which the Admin may remove', async () => {
    const admin = await account({ role: 'Admin' });
    const email = `${unique('future-imt')}@campus.test`;
    const squatter = await signUp(email, 'squatter-password');
    const err = await callError(admin.call('createAccount', request({ email })));
    assert.equal(err.code, 'functions/already-exists');
    assert.match(err.message, /never verified/);
    const holder = (err.details as { unverifiedHolder: UnverifiedHolder }).unverifiedHolder;
    assert.equal(holder.uid, squatter.uid);
    assert.equal(holder.email, email);

    assert.deepEqual(await admin.call('removeUnverifiedAccount', { uid: squatter.uid }), {
      removed: true,
    });
    await assert.rejects(auth.getUser(squatter.uid), { code: 'auth/user-not-found' });
    const created = await admin.call<CreateAccountResponse>('createAccount', request({ email }));
    assert.notEqual(created.uid, squatter.uid);
    assert.equal((await auditOf(squatter.uid))[0]!.action, 'removeUnverifiedAccount');
  });

  it('removeUnverifiedAccount refuses a verified account and non-Admins', async () => {
    const admin = await account({ role: 'Admin' });
    const imt = await account({ role: 'IMT' });
    const verified = await account({ role: 'User' });
    const err = await callError(admin.call('removeUnverifiedAccount', { uid: verified.uid }));
    assert.equal(err.code, 'functions/failed-precondition');
    assert.match(err.message, /archive it instead/);
    const denied = await callError(imt.call('removeUnverifiedAccount', { uid: verified.uid }));
    assert.equal(denied.code, 'functions/permission-denied');
    assert.equal((await auth.getUser(verified.uid)).uid, verified.uid);
    assert.ok(await docData(`${COLLECTIONS.users}/${verified.uid}`));
  });

  it('refuses IMT, app users, archived or unverified Admins and signed-out callers', async () => {
    const imt = await account({ role: 'IMT' });
    const user = await account({ role: 'User' });
    const unverified = await account({ role: 'Admin', emailVerified: false });
    const archived = await account({ role: 'Admin', isArchived: true });
    await waitFor(
      async () =>
        (await db.collection(COLLECTIONS.users).doc(archived.uid).get()).get('isArchived'),
      (v) => v === true,
    );
    for (const caller of [imt, user, archived, unverified]) {
      const input = request();
      const err = await callError(caller.call('createAccount', input));
      assert.equal(err.code, 'functions/permission-denied');
      assert.equal(await usersWithEmail(input.email.toLowerCase()), 0);
    }
    assert.match((await callError(archived.call('createAccount', request()))).message, /archived/);
    assert.match(
      (await callError(unverified.call('createAccount', request()))).message,
      /Verify your email/,
    );
    await imt.signOut();
    const err = await callError(imt.call('createAccount', request()));
    assert.equal(err.code, 'functions/unauthenticated');
  });

  it('refuses bad input with invalid-argument naming the field', async () => {
    const admin = await account({ role: 'Admin' });
    const cases: [Record<string, unknown>, RegExp][] = [
      [request({ email: 'nope' }), /valid email/],
      [request({ firstName: 42 }), /First name must be text/],
      [request({ lastName: 'x'.repeat(81) }), /at most 80/],
      [request({ role: 'Owner' }), /Role must be one of/],
      [request({ campus: null }), /IMT members need a campus/],
    ];
    for (const [input, message] of cases) {
      const err = await callError(admin.call('createAccount', input));
      assert.equal(err.code, 'functions/invalid-argument');
      assert.match(err.message, message);
    }
  });
});

describe('redeemInvitation and issueInvitation', () => {
  after(closeAll);

  it('sets the person’s own password once; a second use is refused', async () => {
    const admin = await account({ role: 'Admin' });
    const input = request();
    const res = await admin.call<CreateAccountResponse>('createAccount', input);
    const { uid, secret } = secretOf(res);
    const stranger = await account({ role: 'User' });

    const answer = await stranger.call('redeemInvitation', { uid, secret, password: PASSWORD });
    assert.deepEqual(answer, { email: input.email.toLowerCase() });
    const me = await signIn(input.email, PASSWORD);
    assert.equal(me.uid, res.uid);
    const profile = await docData(`${COLLECTIONS.users}/${res.uid}`);
    assert.equal(profile!.isUsingDefaultPassword, false);
    assert.equal(profile!.defaultPasswordExpiresAt, null);
    assert.equal(await docData(`${COLLECTIONS.invitations}/${res.uid}`), undefined);

    const again = await callError(
      stranger.call('redeemInvitation', { uid, secret, password: 'somebody else entirely' }),
    );
    assert.equal(again.code, 'functions/not-found');
    assert.match(again.message, /already used/);
    assert.equal((await signIn(input.email, PASSWORD)).uid, res.uid);
  });

  it('refuses a wrong secret, a weak password and an expired invitation, spending nothing', async () => {
    const admin = await account({ role: 'Admin' });
    const user = await account({ role: 'User' });
    const res = await admin.call<CreateAccountResponse>('createAccount', request());
    const { uid, secret } = secretOf(res);
    const wrong = await callError(
      user.call('redeemInvitation', { uid, secret: 'A'.repeat(32), password: PASSWORD }),
    );
    assert.equal(wrong.code, 'functions/not-found');
    const weak = await callError(user.call('redeemInvitation', { uid, secret, password: 'short' }));
    assert.equal(weak.code, 'functions/invalid-argument');
    assert.match(weak.message, /at least 12/);
    assert.ok(await docData(`${COLLECTIONS.invitations}/${uid}`), 'still unspent');

    await db
      .doc(`${COLLECTIONS.invitations}/${uid}`)
      .update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    const expired = await callError(
      user.call('redeemInvitation', { uid, secret, password: PASSWORD }),
    );
    assert.equal(expired.code, 'functions/deadline-exceeded');
    assert.match(expired.message, /expired/);
    assert.equal(
      await docData(`${COLLECTIONS.users}/${uid}`).then((p) => p!.isUsingDefaultPassword),
      true,
    );
  });

  it('a reissued invitation works and the old one dies; only Admins reissue', async () => {
    const admin = await account({ role: 'Admin' });
    const imt = await account({ role: 'IMT' });
    const input = request();
    const first = await admin.call<CreateAccountResponse>('createAccount', input);
    const denied = await callError(imt.call('issueInvitation', { uid: first.uid }));
    assert.equal(denied.code, 'functions/permission-denied');
    const self = await callError(admin.call('issueInvitation', { uid: admin.uid }));
    assert.equal(self.code, 'functions/failed-precondition');

    const second = await admin.call<IssueInvitationResponse>('issueInvitation', { uid: first.uid });
    assert.notEqual(second.invitation.code, first.invitation.code);
    const old = await callError(
      admin.call('redeemInvitation', { ...secretOf(first), password: PASSWORD }),
    );
    assert.equal(old.code, 'functions/not-found');
    await admin.call('redeemInvitation', { ...secretOf(second), password: PASSWORD });
    assert.equal((await signIn(input.email, PASSWORD)).uid, first.uid);
  });
});

describe('invitations are for staff accounts only (issue 28 item 2)', () => {
  after(closeAll);

  it('refuses a reporter and staff who filed anonymous reports, writing nothing', async () => {
    const admin = await account({ role: 'Admin' });
    const user = await account({ role: 'User' });
    const filer = await account({ role: 'IMT' });
    await db
      .doc(`${COLLECTIONS.users}/${filer.uid}/${COLLECTIONS.anonymousReports}/${unique('inc')}`)
      .set({ incidentId: 'x' });
    for (const [who, message] of [
      [user, /staff accounts only/],
      [filer, /filed anonymous reports/],
    ] as const) {
      // The user trigger mirrors the verified email into the profile: compare once it has.
      const before = await waitFor(
        () => docData(`${COLLECTIONS.users}/${who.uid}`),
        (profile) => profile?.emailVerified === true,
      );
      const err = await callError(admin.call('issueInvitation', { uid: who.uid }));
      assert.equal(err.code, 'functions/failed-precondition');
      assert.match(err.message, message);
      assert.deepEqual(await docData(`${COLLECTIONS.users}/${who.uid}`), before);
      assert.equal(await docData(`${COLLECTIONS.invitations}/${who.uid}`), undefined);
      assert.deepEqual(await auditOf(who.uid), []);
      assert.equal((await signIn(who.email, 'secret-123')).uid, who.uid, 'password unchanged');
    }
    const reporterAccount = await callError(
      admin.call('createAccount', request({ role: 'User', campus: null })),
    );
    assert.equal(reporterAccount.code, 'functions/invalid-argument');
    assert.match(reporterAccount.message, /reporters create their own accounts/);
  });

  it('refuses to redeem an invitation whose account became a reporter, spending it', async () => {
    const admin = await account({ role: 'Admin' });
    const input = request();
    const res = await admin.call<CreateAccountResponse>('createAccount', input);
    await admin.call('setStaffAccess', {
      uid: res.uid,
      role: 'User',
      campus: null,
      isArchived: false,
    });
    const err = await callError(
      admin.call('redeemInvitation', { ...secretOf(res), password: PASSWORD }),
    );
    assert.equal(err.code, 'functions/failed-precondition');
    assert.match(err.message, /staff accounts only/);
    assert.equal(await docData(`${COLLECTIONS.invitations}/${res.uid}`), undefined);
    assert.match(await refusedSignIn(input.email, PASSWORD), /^auth\//);
  });
});

describe('setStaffAccess (issue 17)', () => {
  after(closeAll);

  it('refuses to make an unverified account staff, changing nothing', async () => {
    const admin = await account({ role: 'Admin' });
    const email = `${unique('squat')}@campus.test`;
    const squatter = await signUp(email, 'squatter-password');
    await db.doc(`${COLLECTIONS.users}/${squatter.uid}`).set({
      firstName: 'Sam',
      lastName: 'Squatter',
      email,
      role: 'User',
      campus: null,
      isArchived: false,
    });
    const before = await docData(`${COLLECTIONS.users}/${squatter.uid}`);
    const err = await callError(
      admin.call('setStaffAccess', {
        uid: squatter.uid,
        role: 'IMT',
        campus: 'main',
        isArchived: false,
      }),
    );
    assert.equal(err.code, 'functions/failed-precondition');
    assert.match(err.message, /has not verified its email/);
    const after = await docData(`${COLLECTIONS.users}/${squatter.uid}`);
    assert.equal(after!.role, 'User');
    assert.equal(after!.campus, before!.campus);
    assert.equal((await auth.getUser(squatter.uid)).customClaims, undefined);
    assert.deepEqual(await auditOf(squatter.uid), []);
  });

  it('refuses an account whose profile still shows an address its Auth account gave up, corrects the profile, then grants', async () => {
    const admin = await account({ role: 'Admin' });
    // The profile first, with no Auth account yet: the user trigger has nothing to mirror and
    // says so. Its log line is the sign it is done; nothing mirrors again until a call or a
    // write, so the profile keeps the old address while the Auth account takes a new one.
    const uid = unique('moved');
    const old = `${uid}-old@campus.test`;
    await db.collection(COLLECTIONS.users).doc(uid).set({
      firstName: 'Mo',
      firstNameLowerCase: 'mo',
      lastName: 'Ved',
      email: old,
      role: 'User',
      campus: null,
      isArchived: false,
      isUsingDefaultPassword: false,
      deviceToken: [],
    });
    await waitForLogs(
      (log) =>
        /syncUserAccount/.test(log.fn) &&
        log.message.includes('without an Auth user') &&
        log.fields.uid === uid,
    );
    const now = `${uid}-new@campus.test`;
    await auth.createUser({ uid, email: now, password: 'secret-123', emailVerified: true });
    const change = { uid, role: 'Admin', campus: null, isArchived: false };

    const err = await callError(admin.call('setStaffAccess', change));
    assert.equal(err.code, 'functions/failed-precondition');
    assert.match(err.message, new RegExp(`now signs in as ${now}, not ${old}`));
    const corrected = await docData(`${COLLECTIONS.users}/${uid}`);
    assert.equal(corrected!.email, now);
    assert.equal(corrected!.role, 'User');
    assert.equal((await auth.getUser(uid)).customClaims, undefined);
    assert.deepEqual(await auditOf(uid), []);

    // The Admin has seen the address the account signs in with: the same call now grants.
    assert.deepEqual(await admin.call('setStaffAccess', change), { changed: true });
    const [entry] = await auditOf(uid);
    assert.equal(entry!.email, now);
  });

  it("a users doc's email follows an Admin SDK change of the Auth email: at the next write of the doc, and when the person confirms", async () => {
    const user = await account({ role: 'User' });
    const moved = `${unique('moved')}@campus.test`;
    await auth.updateUser(user.uid, { email: moved });
    // Any write of the doc (here a push token, as the app saves one) runs the user trigger.
    await db
      .collection(COLLECTIONS.users)
      .doc(user.uid)
      .update({ deviceToken: ['after-move'] });
    await waitFor(
      () => docData(`${COLLECTIONS.users}/${user.uid}`),
      (profile) => profile?.email === moved,
    );
    assert.equal(await usersWithEmail(user.email), 0);

    // The callable the console calls for the signed-in person mirrors it at once.
    const again = `${unique('again')}@campus.test`;
    await auth.updateUser(user.uid, { email: again });
    const session = await signIn(again, 'secret-123');
    // A changed address is unverified until its link is opened: the doc says so too.
    assert.deepEqual(await session.call('confirmEmailVerified'), { emailVerified: false });
    const profile = await docData(`${COLLECTIONS.users}/${user.uid}`);
    assert.equal(profile!.email, again);
    assert.equal(profile!.emailVerified, false);
  });

  it('sets doc and claims together for a verified account and audits before → after', async () => {
    const admin = await account({ role: 'Admin' });
    const user = await account({ role: 'User', deviceToken: ['t1'] });
    const change = { uid: user.uid, role: 'IMT', campus: 'north', isArchived: false };
    assert.deepEqual(await admin.call('setStaffAccess', change), { changed: true });
    const profile = await docData(`${COLLECTIONS.users}/${user.uid}`);
    assert.equal(profile!.role, 'IMT');
    assert.equal(profile!.campus, 'north');
    assert.deepEqual((await auth.getUser(user.uid)).customClaims, {
      role: 'IMT',
      campus: 'north',
    });
    const [entry] = await auditOf(user.uid);
    assert.equal(entry!.byUid, admin.uid);
    assert.deepEqual(entry!.before, { role: 'User', campus: null, isArchived: false });
    assert.deepEqual(entry!.after, { role: 'IMT', campus: 'north', isArchived: false });
    assert.ok(entry!.at instanceof Timestamp);
    // The same call again changes nothing and writes no second entry.
    assert.deepEqual(await admin.call('setStaffAccess', change), { changed: false });
    assert.equal((await auditOf(user.uid)).length, 1);

    // Archiving disables the Auth user; it is allowed for any account.
    await admin.call('setStaffAccess', { ...change, isArchived: true });
    assert.equal((await auth.getUser(user.uid)).disabled, true);
  });

  it('refuses IMT callers and an Admin changing their own access', async () => {
    const admin = await account({ role: 'Admin' });
    const imt = await account({ role: 'IMT' });
    const user = await account({ role: 'User' });
    const denied = await callError(
      imt.call('setStaffAccess', {
        uid: user.uid,
        role: 'IMT',
        campus: 'main',
        isArchived: false,
      }),
    );
    assert.equal(denied.code, 'functions/permission-denied');
    const self = await callError(
      admin.call('setStaffAccess', {
        uid: admin.uid,
        role: 'User',
        campus: null,
        isArchived: false,
      }),
    );
    assert.equal(self.code, 'functions/failed-precondition');
    const bad = await callError(
      admin.call('setStaffAccess', { uid: user.uid, role: 'IMT', campus: null, isArchived: false }),
    );
    assert.equal(bad.code, 'functions/invalid-argument');
    assert.equal((await docData(`${COLLECTIONS.users}/${user.uid}`))!.role, 'User');
  });
});

describe('confirmEmailVerified', () => {
  after(closeAll);

  it('mirrors the caller’s verification, also for an unverified caller', async () => {
    const user = await account({ role: 'User', emailVerified: false });
    assert.deepEqual(await user.call('confirmEmailVerified'), { emailVerified: false });
    await auth.updateUser(user.uid, { emailVerified: true });
    await user.idToken();
    assert.deepEqual(await user.call('confirmEmailVerified'), { emailVerified: true });
    assert.equal((await docData(`${COLLECTIONS.users}/${user.uid}`))!.emailVerified, true);
  });
});

describe('clearDefaultPassword', () => {
  after(closeAll);

  it('refuses a signed-out caller', async () => {
    const user = await account({ role: 'IMT' });
    await user.signOut();
    assert.equal(
      (await callError(user.call('clearDefaultPassword'))).code,
      'functions/unauthenticated',
    );
  });
});
