import assert from 'node:assert/strict';
import { COLLECTIONS } from '@campus-safety/model';
import { auth, cloudEvent, db, deliverEvent, unique, waitFor } from './stack';

async function authUserWithProfile(profile: Record<string, unknown>) {
  const user = await auth.createUser({
    email: `${unique('u')}@campus.test`,
    password: 'secret-123',
  });
  await db
    .collection(COLLECTIONS.users)
    .doc(user.uid)
    .set({ isArchived: false, ...profile, email: user.email });
  return user.uid;
}

describe('user trigger', () => {
  it('never grants claims from what a users doc says (issue 17)', async () => {
    const uid = await authUserWithProfile({ firstName: 'Ivy', role: 'Admin', campus: null });
    const ref = db.collection(COLLECTIONS.users).doc(uid);
    // The trigger ran (it lower-cases the first name and mirrors the verification) …
    await waitFor(
      async () => (await ref.get()).data(),
      (d) => d?.firstNameLowerCase === 'ivy' && d?.emailVerified === false,
    );
    // … and left the claims alone: only setStaffAccess and createAccount set them.
    assert.equal((await auth.getUser(uid)).customClaims, undefined);
  });

  it('mirrors the Auth account’s email verification onto the users doc', async () => {
    const uid = await authUserWithProfile({ firstName: 'Vi', role: 'User', campus: null });
    const ref = db.collection(COLLECTIONS.users).doc(uid);
    await waitFor(
      async () => (await ref.get()).get('emailVerified'),
      (v) => v === false,
    );
    await auth.updateUser(uid, { emailVerified: true });
    await ref.update({ firstName: 'Vicky' });
    await waitFor(
      async () => (await ref.get()).get('emailVerified'),
      (v) => v === true,
    );
  });

  it('keeps firstNameLowerCase in step with firstName', async () => {
    const uid = await authUserWithProfile({ firstName: 'ÉLodie', role: 'User', campus: null });
    const ref = db.collection(COLLECTIONS.users).doc(uid);
    await waitFor(
      async () => (await ref.get()).get('firstNameLowerCase'),
      (v) => v === 'élodie',
    );
    await ref.update({ firstName: 'Zed' });
    await waitFor(
      async () => (await ref.get()).get('firstNameLowerCase'),
      (v) => v === 'zed',
    );
  });

  it('disables the Auth user while archived and enables it when restored', async () => {
    const uid = await authUserWithProfile({ firstName: 'Al', role: 'IMT', campus: 'main' });
    const ref = db.collection(COLLECTIONS.users).doc(uid);
    await ref.update({ isArchived: true });
    await waitFor(
      () => auth.getUser(uid),
      (u) => u.disabled,
    );
    await ref.update({ isArchived: false });
    await waitFor(
      () => auth.getUser(uid),
      (u) => !u.disabled,
    );
  });

  it('a redelivered user event changes nothing that is already in step', async () => {
    const uid = await authUserWithProfile({
      firstName: 'Bo',
      firstNameLowerCase: 'bo',
      role: 'IMT',
      campus: 'north',
    });
    await auth.setCustomUserClaims(uid, { role: 'IMT', campus: 'north' });
    await waitFor(
      async () => (await db.collection(COLLECTIONS.users).doc(uid).get()).get('emailVerified'),
      (v) => v === false,
    );
    const settled = await auth.getUser(uid);
    const event = cloudEvent({
      id: unique('dup-user'),
      type: 'written',
      document: `${COLLECTIONS.users}/${uid}`,
      value: {
        firstName: 'Bo',
        firstNameLowerCase: 'bo',
        role: 'IMT',
        campus: 'north',
        isArchived: false,
      },
    });
    await deliverEvent('syncUserAccount', event);
    await deliverEvent('syncUserAccount', event);
    const after = await auth.getUser(uid);
    assert.equal(after.tokensValidAfterTime, settled.tokensValidAfterTime);
    assert.deepEqual(after.customClaims, settled.customClaims);
  });
});
