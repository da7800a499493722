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
  it('mirrors role and campus into custom claims and follows changes', async () => {
    const uid = await authUserWithProfile({
      firstName: 'Ivy',
      role: 'IMT',
      campus: 'Riverside Campus',
    });
    await waitFor(
      () => auth.getUser(uid),
      (u) => u.customClaims?.role === 'IMT',
    );
    assert.deepEqual((await auth.getUser(uid)).customClaims, {
      role: 'IMT',
      campus: 'Riverside Campus',
    });
    await db.collection(COLLECTIONS.users).doc(uid).update({ role: 'Admin', campus: null });
    const user = await waitFor(
      () => auth.getUser(uid),
      (u) => u.customClaims?.role === 'Admin',
    );
    assert.deepEqual(user.customClaims, { role: 'Admin', campus: null });
  });

  it('removes role and campus claims when the profile is deleted, keeping other claims', async () => {
    const uid = await authUserWithProfile({ firstName: 'Cy', role: 'Admin', campus: null });
    await waitFor(
      () => auth.getUser(uid),
      (u) => u.customClaims?.role === 'Admin',
    );
    await auth.setCustomUserClaims(uid, { role: 'Admin', campus: null, beta: true });
    await db.collection(COLLECTIONS.users).doc(uid).delete();
    const user = await waitFor(
      () => auth.getUser(uid),
      (u) => u.customClaims?.role === undefined,
    );
    assert.deepEqual(user.customClaims, { beta: true });
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
    const uid = await authUserWithProfile({ firstName: 'Al', role: 'IMT', campus: 'Main Campus' });
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
      campus: 'North Campus',
    });
    const settled = await waitFor(
      () => auth.getUser(uid),
      (u) => u.customClaims?.role === 'IMT',
    );
    const event = cloudEvent({
      id: unique('dup-user'),
      type: 'written',
      document: `${COLLECTIONS.users}/${uid}`,
      value: {
        firstName: 'Bo',
        firstNameLowerCase: 'bo',
        role: 'IMT',
        campus: 'North Campus',
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
