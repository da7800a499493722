/**
 * A visitor who is not signed in (the public /download page's audience), account enumeration
 * through the console's sign-in and the Auth REST API, and a staff name used as a message.
 */
import { FUNCTIONS_REGION } from '@campus-safety/model';
import assert from 'node:assert/strict';
import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  addDoc,
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  query,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { authErrorMessage } from '../../web/src/session/auth-errors';
import { theCast, type Cast } from './cast';
import { AUTH_URL, PORTS, PROJECT, STORAGE_URL, admin, refused, unique } from './support';

describe('attacks: signed out', () => {
  let c: Cast;
  let anon: Firestore;
  const app = initializeApp({ apiKey: 'fake-api-key', projectId: PROJECT }, unique('visitor'));
  before(async () => {
    c = await theCast();
    anon = getFirestore(app);
    connectFirestoreEmulator(anon, '127.0.0.1', PORTS.firestore);
    await admin.db
      .doc('file_checks/profiles%2Fu%2Fme.png')
      .set({ kind: 'image', path: 'profiles/u/me.png', state: 'ok' });
  });

  it('reads live releases only, and only through the isArchived filter', async () => {
    await getDocs(query(collection(anon, 'releases'), where('isArchived', '==', false)));
    await refused(() => getDocs(collection(anon, 'releases')), []);
    await refused(
      () => getDocs(query(collection(anon, 'releases'), where('isArchived', '==', true))),
      [],
    );
  });

  it('gets no image check, lists no checks, reads no private collection', async () => {
    await refused(() => getDoc(doc(anon, 'file_checks', 'profiles%2Fu%2Fme.png')), []);
    // Issue 17 item 10: a private path that has no check answers the same as one that has.
    await refused(() => getDoc(doc(anon, 'file_checks', 'profiles%2Fu%2Fnone.png')), []);
    await refused(() => getDoc(doc(anon, 'file_checks', 'incidents%2Fx%2Fphoto.jpg')), []);
    const pending = await getDoc(doc(anon, 'file_checks', `releases%2F${unique('r')}%2Fapp.apk`));
    assert.equal(pending.exists(), false);
    await refused(() => getDocs(collection(anon, 'file_checks')), []);
    for (const name of [
      'users',
      'staff_directory',
      'incident_reports',
      'accomplishment_reports',
      'articles',
      'announcements',
      'tags',
      'push_messages',
      'trigger_failures',
      'processed_events',
      'incident_stats',
    ])
      await refused(() => getDocs(collection(anon, name)), []);
    await refused(() => getDoc(doc(anon, 'users', c.imtMain.uid)), []);
  });

  it('writes nothing: no report, no user, no release', async () => {
    await refused(
      () =>
        addDoc(collection(anon, 'incident_reports'), {
          status: 'Reported',
          nearestCampus: 'main',
          isArchived: false,
        }),
      [],
    );
    await refused(
      () => updateDoc(doc(anon, 'users', c.imtMain.uid), { role: 'Admin' }),
      [`users/${c.imtMain.uid}`],
    );
  });

  it('calls no callable', async () => {
    const functions = getFunctions(app, FUNCTIONS_REGION);
    connectFunctionsEmulator(functions, '127.0.0.1', PORTS.functions);
    for (const [name, data] of [
      [
        'createAccount',
        { firstName: 'Eve', lastName: 'E', email: 'eve@campus.test', role: 'Admin', campus: null },
      ],
      ['addTags', { names: ['x'] }],
      ['clearDefaultPassword', {}],
      ['saveAnnouncement', { title: 'x', body: 'y', tags: [] }],
    ] as const)
      await refused(
        () => httpsCallable(functions, name)(data),
        ['users', 'tags', 'announcements'],
        ['unauthenticated', 'permission-denied'],
      );
  });

  it('fetches no profile photo or accomplishment photo', async () => {
    const path = `profiles/${c.reporter.uid}/${unique('photo')}.png`;
    await admin
      .bucket()
      .file(path)
      .save(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]), {
        contentType: 'image/png',
      });
    const res = await fetch(`${STORAGE_URL}/${encodeURIComponent(path)}?alt=media`);
    assert.ok([401, 403].includes(res.status), `answered ${res.status}`);
  });
});

describe('attacks: account enumeration (issue 10 item 7)', () => {
  let c: Cast;
  before(async () => {
    c = await theCast();
  });

  async function consoleMessage(email: string, password: string) {
    const app = initializeApp({ apiKey: 'fake-api-key', projectId: PROJECT }, unique('login'));
    const auth = getAuth(app);
    connectAuthEmulator(auth, `http://127.0.0.1:${PORTS.auth}`, { disableWarnings: true });
    try {
      await signInWithEmailAndPassword(auth, email, password);
    } catch (error) {
      return authErrorMessage(error);
    }
    throw new Error('signed in');
  }

  async function restAnswer(email: string, password: string) {
    const res = await fetch(`${AUTH_URL}/accounts:signInWithPassword?key=fake-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    });
    const body = (await res.json()) as { error?: { message?: string } };
    return `${res.status} ${body.error?.message}`;
  }

  it('the console reads the same for an unknown email and a wrong password', async () => {
    const unknown = await consoleMessage(`${unique('nobody')}@campus.test`, 'whatever-123');
    const wrong = await consoleMessage(c.imtMain.email, 'wrong-password-1');
    assert.equal(unknown, wrong);
  });

  it('what the Auth REST API itself answers is recorded (a project setting in production)', async () => {
    // The Auth emulator has no email enumeration protection: it answers EMAIL_NOT_FOUND and
    // INVALID_PASSWORD. Production answers INVALID_LOGIN_CREDENTIALS for both once the
    // project's "email enumeration protection" is on (docs/security-rules.md, attack suite).
    const unknown = await restAnswer(`${unique('nobody')}@campus.test`, 'whatever-123');
    const wrong = await restAnswer(c.imtMain.email, 'wrong-password-1');
    assert.match(unknown, /^400 /);
    assert.match(wrong, /^400 /);
    console.log(`      Auth API: unknown email -> ${unknown}; wrong password -> ${wrong}`);
  });
});
