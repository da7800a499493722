/**
 * The attacker's view of a running stack (started by run.mjs): the web SDK signed in through the
 * Auth emulator for every attack, plain fetch for HTTP and Storage REST, and firebase-admin only
 * to arrange accounts and data and to check that an attack changed nothing.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { getApps as adminApps, initializeApp as initAdmin } from 'firebase-admin/app';
import { getAuth as adminAuth } from 'firebase-admin/auth';
import { getFirestore as adminFirestore } from 'firebase-admin/firestore';
import { getStorage as adminStorage } from 'firebase-admin/storage';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  signInWithEmailAndPassword,
  type User,
} from 'firebase/auth';
import {
  connectFirestoreEmulator,
  doc,
  getFirestore,
  writeBatch,
  type DocumentData,
  type Firestore,
  type SetOptions,
} from 'firebase/firestore';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import {
  COLLECTIONS,
  FUNCTIONS_REGION,
  incidentKeywords,
  type CountedRecord,
} from '@campus-safety/model';
import { suiteEndpoints, suiteProject } from '@campus-safety/testkit/emulator-suite';
import { waitFor as pollFor } from '@campus-safety/testkit/wait';

const endpoints = suiteEndpoints();
export const PORTS = {
  auth: endpoints.auth!.port,
  firestore: endpoints.firestore!.port,
  functions: endpoints.functions!.port,
  storage: endpoints.storage!.port,
  logging: endpoints.logging!.port,
};
/** Set by the emulator suite runner (run.mjs). */
export const PROJECT = process.env.GCLOUD_PROJECT ?? suiteProject('attacks');
export const BUCKET = `${PROJECT}.appspot.com`;
export const FUNCTIONS_URL = `http://127.0.0.1:${PORTS.functions}/${PROJECT}/${FUNCTIONS_REGION}`;
export const AUTH_URL = `http://127.0.0.1:${PORTS.auth}/identitytoolkit.googleapis.com/v1`;
export const STORAGE_URL = `http://127.0.0.1:${PORTS.storage}/v0/b/${BUCKET}/o`;

process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${PORTS.firestore}`;
process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${PORTS.auth}`;
process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${PORTS.storage}`;

const adminApp = adminApps()[0] ?? initAdmin({ projectId: PROJECT, storageBucket: BUCKET });
/** Arranging and observing only: never the attacker's tool. */
export const admin = {
  db: adminFirestore(adminApp),
  auth: adminAuth(adminApp),
  bucket: () => adminStorage(adminApp).bucket(),
};

export const CAMPUSES = ['main', 'north', 'riverside'] as const;
export const PASSWORD = 'attack-pw-123';

export function unique(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

/**
 * Polls `read` until `until` takes its value (the testkit's poller). A trigger's effect may wait
 * in the Functions emulator's queue behind the other triggers of the same writes (tens of seconds
 * on Google's engine on a loaded machine); the wait ends as soon as it is there.
 */
export function waitFor<T>(
  read: () => Promise<T>,
  until: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  return pollFor(read, until, { timeoutMs, what: 'the expected value' });
}

export interface Attacker {
  label: string;
  uid: string;
  email: string;
  user: User;
  app: FirebaseApp;
  db: Firestore;
  token(): Promise<string>;
  call<T = unknown>(name: string, data?: unknown): Promise<T>;
}

const apps: FirebaseApp[] = [];

function webApp(): FirebaseApp {
  const app = initializeApp(
    { apiKey: 'fake-api-key', projectId: PROJECT, authDomain: `${PROJECT}.firebaseapp.com` },
    unique('attacker'),
  );
  apps.push(app);
  return app;
}

function attacker(label: string, app: FirebaseApp, user: User): Attacker {
  const db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', PORTS.firestore);
  const functions = getFunctions(app, FUNCTIONS_REGION);
  connectFunctionsEmulator(functions, '127.0.0.1', PORTS.functions);
  return {
    label,
    uid: user.uid,
    email: user.email!,
    user,
    app,
    db,
    // The cached token: an archived account keeps the one it had (its Auth user is disabled).
    token: () => user.getIdToken(),
    async call<T>(name: string, data?: unknown) {
      return (await httpsCallable<unknown, T>(functions, name)(data)).data;
    },
  };
}

export async function signIn(label: string, email: string, password = PASSWORD) {
  const app = webApp();
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://127.0.0.1:${PORTS.auth}`, { disableWarnings: true });
  const { user } = await signInWithEmailAndPassword(auth, email, password);
  return attacker(label, app, user);
}

/**
 * A fresh sign-up through the Auth emulator, as the mobile app does: no users doc, no claims, an
 * email nobody verified (any address: it proves nothing yet).
 */
export async function signUp(
  label = 'new sign-up',
  email = `${unique('newbie')}@mail.test`,
): Promise<Attacker> {
  const app = webApp();
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://127.0.0.1:${PORTS.auth}`, { disableWarnings: true });
  const { user } = await createUserWithEmailAndPassword(auth, email, PASSWORD);
  return attacker(label, app, user);
}

export interface AccountSpec {
  role: 'Admin' | 'IMT' | 'User';
  campus?: string | null;
  firstName?: string;
  lastName?: string;
  deviceToken?: string[];
  isUsingDefaultPassword?: boolean;
}

/**
 * An account as the product holds one (verified email, users doc, the claims setStaffAccess sets),
 * signed in.
 */
export async function account(label: string, spec: AccountSpec): Promise<Attacker> {
  const email = `${unique(spec.role.toLowerCase())}@campus.test`;
  const { uid } = await admin.auth.createUser({ email, password: PASSWORD, emailVerified: true });
  const firstName = spec.firstName ?? 'Alex';
  const campus = spec.campus ?? (spec.role === 'IMT' ? 'main' : null);
  await admin.db.doc(`users/${uid}`).set({
    firstName,
    firstNameLowerCase: firstName.toLowerCase(),
    lastName: spec.lastName ?? spec.role,
    email,
    role: spec.role,
    campus,
    isArchived: false,
    isUsingDefaultPassword: spec.isUsingDefaultPassword ?? false,
    contactNumber: '+1 555 0100',
    address: '1 Private Road',
    birthday: '1990-01-01',
    registrationDate: new Date().toISOString(),
    registrationDateTimestamp: new Date(),
    deviceToken: spec.deviceToken ?? [],
  });
  await admin.auth.setCustomUserClaims(uid, { role: spec.role, campus });
  // The account sync mirrors the verified email into the users doc; alerts reach only such people.
  await waitFor(
    () => admin.db.doc(`users/${uid}`).get(),
    (s) => s.get('emailVerified') === true,
  );
  if (spec.role !== 'User')
    await waitFor(
      () => admin.db.doc(`staff_directory/${uid}`).get(),
      (s) => s.exists,
    );
  return signIn(label, email);
}

/** An IMT who signed in and was archived afterwards: still holds a valid-looking token. */
export async function archivedImt(): Promise<Attacker> {
  const imt = await account('archived IMT', { role: 'IMT', campus: 'main' });
  await imt.token();
  await admin.db.doc(`users/${imt.uid}`).update({ isArchived: true });
  await waitFor(
    () => admin.auth.getUser(imt.uid),
    (u) => u.disabled,
  );
  return imt;
}

export async function closeAll() {
  await Promise.all(apps.splice(0).map((app) => deleteApp(app).catch(() => undefined)));
}

/** Every document under `path` (a collection) or the document itself, for before/after compares. */
export async function state(path: string): Promise<unknown> {
  const segments = path.split('/').length;
  if (segments % 2 === 0) {
    const snap = await admin.db.doc(path).get();
    return snap.exists ? snap.data() : null;
  }
  const snap = await admin.db.collection(path).get();
  return Object.fromEntries(snap.docs.map((d) => [d.id, d.data()]));
}

/**
 * Runs the attack, asserts the SDK refused it with one of `codes`, and that every path in
 * `unchanged` reads the same afterwards (a refused write fires no trigger, so no waiting).
 */
export async function refused(
  attack: () => Promise<unknown>,
  unchanged: string[],
  codes = ['permission-denied'],
): Promise<string> {
  const before = await Promise.all(unchanged.map(state));
  let code: string | undefined;
  let message = '';
  try {
    await attack();
  } catch (error) {
    const e = error as { code?: string; message?: string };
    code = String(e.code).replace(/^(functions|storage|firestore)\//, '');
    message = String(e.message);
  }
  assert.ok(code, 'the attack succeeded but had to be refused');
  assert.ok(codes.includes(code), `refused with ${code} (${message}), expected ${codes}`);
  const after = await Promise.all(unchanged.map(state));
  assert.deepEqual(after, before, 'the refused attack changed data');
  return message;
}

/**
 * An incident report as the app creates one, written by the server side (admin) for setup and
 * marked `imported` as every server writer marks its reports, so the many the suite sets up per
 * reporter do not use up the reporter's hourly quota (which counts what the app files).
 */
export async function incident(
  campus: string,
  reporter: { uid: string; email: string },
  fields: Record<string, unknown> = {},
): Promise<string> {
  const ref = admin.db.collection('incident_reports').doc(unique('inc'));
  const report = {
    timestamp: new Date(),
    geoLoc: { latitude: 10, longitude: 20 },
    nearestCampus: campus,
    status: 'Reported',
    isArchived: false,
    email: reporter.email,
    reporterId: reporter.uid,
    incidentType: 'Theft',
    description: 'bike stolen',
    imported: true,
    ...fields,
  };
  // With its search words already right, the keywords trigger has nothing to write later.
  await ref.set({ keywords: incidentKeywords(report), ...report });
  // The created trigger writes the "reported" timeline entry of a new Reported report: wait for
  // it, so that a later "nothing changed" compare does not catch the trigger at work.
  if ((fields.status ?? 'Reported') === 'Reported') await timelineEntry(ref.path, 'reported');
  return ref.id;
}

/** Waits until the incident at `incidentPath` has a timeline entry of `kind`; returns them all. */
export async function timelineEntry(incidentPath: string, kind: string) {
  return waitFor(
    async () =>
      (await admin.db.collection(`${incidentPath}/timeline`).get()).docs.map((d) => d.data()),
    (entries) => entries.some((e) => e.kind === kind),
  );
}

/** The staff_directory entry of an account, as the assign dialog reads it. */
export async function assignee(staff: Attacker) {
  const entry = (await admin.db.doc(`staff_directory/${staff.uid}`).get()).data()!;
  return { id: staff.uid, displayName: entry.displayName as string, email: entry.email as string };
}

/** `incident_reports/{reportId}/record_counts/{kind}`, as a path. */
export function recordCountPath(reportId: string, kind: CountedRecord) {
  return `${COLLECTIONS.incidentReports}/${reportId}/${COLLECTIONS.recordCounts}/${kind}`;
}

/**
 * Writes a note or an accomplishment (`kind`, id `id`) under `reportId` from `db` as the console
 * does: in one commit with the report's count of them grown by one and naming it (the count read
 * with admin, so an attacker who may not read it still sends a well-counted write, and a refusal
 * is about what the attack changes). `data` gets the new count (an accomplishment's `revision`).
 */
export async function countedWrite(
  db: Firestore,
  reportId: string,
  kind: CountedRecord,
  id: string,
  data: (count: number) => DocumentData,
  how: 'set' | 'merge' | 'update' = 'set',
): Promise<void> {
  const current = (await admin.db.doc(recordCountPath(reportId, kind)).get()).get('count');
  const count = (typeof current === 'number' ? current : 0) + 1;
  const batch = writeBatch(db);
  const target = doc(db, COLLECTIONS.incidentReports, reportId, kind, id);
  const merge: SetOptions = { merge: true };
  if (how === 'update') batch.update(target, data(count));
  else batch.set(target, data(count), how === 'merge' ? merge : {});
  batch.set(doc(db, recordCountPath(reportId, kind)), { count, lastId: id });
  await batch.commit();
}
