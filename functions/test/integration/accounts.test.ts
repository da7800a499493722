import assert from 'node:assert/strict';
import { Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS, type CreateAccountResponse } from '@campus-safety/model';
import { defaultPassword } from '@campus-safety/model';
import { account, auth, callError, closeAll, db, docData, signIn, unique, waitFor } from './stack';

function request(extra: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `${unique('ada')}@Campus.test`,
    role: 'IMT',
    campus: 'Main Campus',
    contactNumber: '+63 912 000 1111',
    ...extra,
  };
}

async function usersWithEmail(email: string) {
  return (await db.collection(COLLECTIONS.users).where('email', '==', email).get()).size;
}

describe('createAccount', () => {
  after(closeAll);

  it('lets an Admin create an account with the default password and a complete profile', async () => {
    const admin = await account({ role: 'Admin' });
    const input = request();
    const res = await admin.call<CreateAccountResponse>('createAccount', input);
    const email = input.email.toLowerCase();
    const profile = await docData(`${COLLECTIONS.users}/${res.uid}`);
    assert.equal(profile!.email, email);
    assert.equal(profile!.firstNameLowerCase, 'ada');
    assert.equal(profile!.isUsingDefaultPassword, true);
    assert.equal(profile!.isArchived, false);
    assert.ok(profile!.registrationDateTimestamp instanceof Timestamp);
    const registered = new Date(profile!.registrationDate);
    assert.equal(profile!.registrationDate, registered.toISOString());
    assert.equal(profile!.registrationDateTimestamp.toMillis(), registered.getTime());
    assert.equal(res.defaultPassword, defaultPassword(email, registered));
    assert.deepEqual((await auth.getUser(res.uid)).customClaims, {
      role: 'IMT',
      campus: 'Main Campus',
    });
    // The new user can sign in with exactly that password.
    const fresh = await signIn(email, res.defaultPassword);
    assert.equal(fresh.uid, res.uid);
  });

  it('refuses a duplicate email with already-exists and creates nothing', async () => {
    const admin = await account({ role: 'Admin' });
    const input = request();
    await admin.call('createAccount', input);
    const before = (await auth.listUsers(1000)).users.length;
    const err = await callError(admin.call('createAccount', { ...input, firstName: 'Other' }));
    assert.equal(err.code, 'functions/already-exists');
    assert.match(err.message, /already exists/);
    assert.equal(await usersWithEmail(input.email.toLowerCase()), 1);
    assert.equal((await auth.listUsers(1000)).users.length, before);
  });

  it('refuses IMT, app users, archived Admins and signed-out callers, writing nothing', async () => {
    const imt = await account({ role: 'IMT' });
    const user = await account({ role: 'User' });
    const archived = await account({ role: 'Admin', isArchived: true });
    await waitFor(
      async () =>
        (await db.collection(COLLECTIONS.users).doc(archived.uid).get()).get('isArchived'),
      (v) => v === true,
    );
    for (const [caller, code] of [
      [imt, 'functions/permission-denied'],
      [user, 'functions/permission-denied'],
      [archived, 'functions/permission-denied'],
    ] as const) {
      const input = request();
      const err = await callError(caller.call('createAccount', input));
      assert.equal(err.code, code);
      assert.equal(await usersWithEmail(input.email.toLowerCase()), 0);
    }
    assert.match((await callError(archived.call('createAccount', request()))).message, /archived/);
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

describe('clearDefaultPassword', () => {
  after(closeAll);

  it('keeps the flag until the password really changed, then clears it', async () => {
    const admin = await account({ role: 'Admin' });
    const input = request({ email: `${unique('new')}@campus.test` });
    const created = await admin.call<CreateAccountResponse>('createAccount', input);
    const me = await signIn(input.email, created.defaultPassword);
    assert.deepEqual(await me.call('clearDefaultPassword'), { cleared: false });
    assert.equal((await docData(`${COLLECTIONS.users}/${me.uid}`))!.isUsingDefaultPassword, true);
    await me.changePassword('a-much-better-secret');
    const again = await signIn(input.email, 'a-much-better-secret');
    assert.deepEqual(await again.call('clearDefaultPassword'), { cleared: true });
    assert.equal((await docData(`${COLLECTIONS.users}/${me.uid}`))!.isUsingDefaultPassword, false);
  });

  it('refuses a signed-out caller', async () => {
    const user = await account({ role: 'IMT' });
    await user.signOut();
    assert.equal(
      (await callError(user.call('clearDefaultPassword'))).code,
      'functions/unauthenticated',
    );
  });
});
