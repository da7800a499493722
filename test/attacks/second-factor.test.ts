/**
 * Issue 17 item 4 from the outside: with settings/security requiring a second factor, an Admin
 * who signed in with the password only (a stolen password) tries what Admins do, through the
 * SDKs, the callables, the push endpoint and Storage. Every attempt is refused and changes
 * nothing; the same Admin after an SMS code is served (the refusals are the second factor's).
 */
import assert from 'node:assert/strict';
import { collection, doc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { signInWithSmsCode } from '@campus-safety/testkit/second-factor';
import {
  FUNCTIONS_URL,
  PASSWORD,
  PORTS,
  PROJECT,
  STORAGE_URL,
  account,
  admin,
  refused,
  state,
  unique,
  type Attacker,
} from './support';

const SETTINGS = 'settings/security';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 1),
]);

async function post(path: string, body: unknown, idToken: string) {
  const res = await fetch(`${FUNCTIONS_URL}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('attacks: an Admin without a second factor where one is required', () => {
  let stolen: Attacker;
  let imt: Attacker;
  before(async () => {
    stolen = await account('password-only Admin', { role: 'Admin' });
    imt = await account('IMT to archive', { role: 'IMT', campus: 'north' });
    await admin.db.doc(SETTINGS).set({ adminsRequireSecondFactor: true });
  });
  after(async () => {
    // The other files run with the stack's default: no settings document.
    await admin.db.doc(SETTINGS).delete();
  });

  it('cannot list the accounts', async () => {
    await refused(() => getDocs(collection(stolen.db, 'users')), []);
  });

  it('cannot archive a staff account', async () => {
    await refused(
      () => updateDoc(doc(stolen.db, `users/${imt.uid}`), { isArchived: true }),
      [`users/${imt.uid}`],
    );
  });

  it('cannot turn the requirement off', async () => {
    await refused(
      () => setDoc(doc(stolen.db, SETTINGS), { adminsRequireSecondFactor: false }),
      [SETTINGS],
    );
  });

  it('cannot create a staff account or a tag through the callables', async () => {
    const email = `${unique('mole')}@campus.test`;
    const message = await refused(
      () =>
        stolen.call('createAccount', {
          firstName: 'Mo',
          lastName: 'Le',
          email,
          role: 'Admin',
          campus: null,
        }),
      ['users', 'staff_directory'],
    );
    assert.match(message, /second factor/);
    await assert.rejects(admin.auth.getUserByEmail(email), /no user record/i);
    await refused(() => stolen.call('addTags', { names: [unique('mfa')] }), ['tags']);
  });

  it('cannot push to every app install through the HTTP endpoint', async () => {
    const before = await state('push_messages');
    const res = await post(
      'send-notif-topic',
      { title: 'Evacuate', body: 'Now', topic: 'all', type: 'guide', type_id: 'x' },
      await stolen.token(),
    );
    assert.equal(res.status, 403);
    assert.match(res.body.error.message, /second factor/);
    assert.deepEqual(await state('push_messages'), before);
  });

  it('cannot upload a guide image', async () => {
    const path = `articles/${unique('a')}/photo.png`;
    const res = await fetch(`${STORAGE_URL}?name=${encodeURIComponent(path)}`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', authorization: `Firebase ${await stolen.token()}` },
      body: new Uint8Array(PNG),
    });
    assert.equal(res.status, 403);
    const [exists] = await admin.bucket().file(path).exists();
    assert.equal(exists, false);
  });

  it('the same Admin, after an SMS code, is served (control)', async () => {
    await admin.auth.updateUser(stolen.uid, {
      emailVerified: true,
      multiFactor: {
        enrolledFactors: [{ uid: 'phone-1', factorId: 'phone', phoneNumber: '+16505550142' }],
      },
    });
    const idToken = await signInWithSmsCode(
      { authHost: `127.0.0.1:${PORTS.auth}`, project: PROJECT },
      stolen.email,
      PASSWORD,
    );
    const name = unique('mfa');
    const res = await post('addTags', { data: { names: [name] } }, idToken);
    assert.equal(res.status, 200, JSON.stringify(res.body));
  });
});
