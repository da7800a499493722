/**
 * The local stack as the integration tests see it: firebase-admin for arranging and observing
 * data, the web SDK (Auth emulator sign-in, httpsCallable) for calling as a real console user.
 */
import { randomUUID } from 'node:crypto';
import { getApps as adminApps, initializeApp as initAdmin } from 'firebase-admin/app';
import { getAuth as adminAuth } from 'firebase-admin/auth';
import { getStorage as adminStorage } from 'firebase-admin/storage';
import {
  Timestamp,
  getFirestore,
  type DocumentData,
  type DocumentReference,
  type Firestore,
} from 'firebase-admin/firestore';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectAuthEmulator,
  getAuth,
  createUserWithEmailAndPassword,
  signInWithEmailAndPassword,
  updatePassword,
  type User,
} from 'firebase/auth';
import {
  connectFirestoreEmulator,
  getFirestore as clientFirestore,
  type Firestore as ClientFirestore,
} from 'firebase/firestore';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import {
  connectStorageEmulator,
  getStorage as clientStorage,
  type FirebaseStorage,
} from 'firebase/storage';
import {
  COLLECTIONS,
  FUNCTIONS_REGION,
  incidentKeywords,
  type KeywordSource,
  type Role,
} from '@campus-safety/model';
import { suiteEndpoints, suiteProject } from '@campus-safety/testkit/emulator-suite';
import { toFirestoreFields } from '@campus-safety/testkit/firestore-values';
import {
  functionLog,
  waitForFunctionLogs,
  type FunctionLog,
} from '@campus-safety/testkit/function-logs';
import { waitFor as pollFor } from '@campus-safety/testkit/wait';

// The runner (scripts/run-integration.mjs) starts the emulators on free ports and says where.
const endpoints = suiteEndpoints();
const portOf = (name: string): number => {
  const endpoint = endpoints[name];
  if (!endpoint) throw new Error(`The emulator suite runs no ${name} emulator`);
  return endpoint.port;
};
export const PROJECT = process.env.GCLOUD_PROJECT ?? suiteProject('functions');
export const PORTS = {
  logging: portOf('logging'),
  auth: portOf('auth'),
  firestore: portOf('firestore'),
  functions: portOf('functions'),
  storage: portOf('storage'),
};
export const FUNCTIONS_URL = `http://127.0.0.1:${PORTS.functions}/${PROJECT}/${FUNCTIONS_REGION}`;

process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${PORTS.firestore}`;
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${PORTS.auth}`;
process.env.FIREBASE_STORAGE_EMULATOR_HOST ??= `127.0.0.1:${PORTS.storage}`;

const adminApp =
  adminApps()[0] ?? initAdmin({ projectId: PROJECT, storageBucket: `${PROJECT}.appspot.com` });
export const db: Firestore = getFirestore(adminApp);
export const auth = adminAuth(adminApp);
export const bucket = adminStorage(adminApp).bucket();

export function unique(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

/**
 * How long a trigger's effect may take to show. The Functions emulator runs every trigger of
 * every write (a report update alone starts five), so on a loaded two-core machine a trigger
 * can wait tens of seconds in its queue on Google's engine (measured: over 30 s under CI's two
 * lanes); the wait ends as soon as the effect is there.
 */
export const TRIGGER_BOUND_MS = 60_000;

/** Polls until `read` gives a value `until` accepts; fails with the last value after `timeoutMs`. */
export function waitFor<T>(
  read: () => Promise<T>,
  until: (value: T) => boolean,
  timeoutMs = TRIGGER_BOUND_MS,
): Promise<T> {
  return pollFor(read, until, { timeoutMs, what: 'the expected value' });
}

export interface SignedIn {
  uid: string;
  email: string;
  user: User;
  app: FirebaseApp;
  /** Firestore as the signed-in person's app or console writes it (web SDK). */
  firestore: ClientFirestore;
  /** Storage as the person's app or console reads it, through the product's storage.rules. */
  storage: FirebaseStorage;
  call<T = unknown>(name: string, data?: unknown): Promise<T>;
  idToken(): Promise<string>;
  changePassword(password: string): Promise<void>;
  signOut(): Promise<void>;
  close(): Promise<void>;
}

const openApps: FirebaseApp[] = [];

/** Signs in through the Auth emulator with the web SDK, in an app of its own. */
export function signIn(email: string, password: string): Promise<SignedIn> {
  return session(email, password, signInWithEmailAndPassword);
}

/** Signs up as the mobile app does (web SDK): an Auth user whose email nobody verified. */
export function signUp(email: string, password: string): Promise<SignedIn> {
  return session(email, password, createUserWithEmailAndPassword);
}

async function session(
  email: string,
  password: string,
  enter: typeof signInWithEmailAndPassword,
): Promise<SignedIn> {
  const app = initializeApp(
    {
      apiKey: 'fake-api-key',
      projectId: PROJECT,
      authDomain: `${PROJECT}.firebaseapp.com`,
      storageBucket: bucket.name,
    },
    unique('web'),
  );
  openApps.push(app);
  const webAuth = getAuth(app);
  connectAuthEmulator(webAuth, `http://127.0.0.1:${PORTS.auth}`, { disableWarnings: true });
  const functions = getFunctions(app, FUNCTIONS_REGION);
  connectFunctionsEmulator(functions, '127.0.0.1', PORTS.functions);
  const firestore = clientFirestore(app);
  connectFirestoreEmulator(firestore, '127.0.0.1', PORTS.firestore);
  const storage = clientStorage(app);
  connectStorageEmulator(storage, '127.0.0.1', PORTS.storage);
  const { user } = await enter(webAuth, email, password);
  return {
    uid: user.uid,
    email,
    user,
    app,
    firestore,
    storage,
    async call<T>(name: string, data?: unknown) {
      return (await httpsCallable<unknown, T>(functions, name)(data)).data;
    },
    idToken: () => user.getIdToken(true),
    changePassword: (password: string) => updatePassword(user, password),
    signOut: () => webAuth.signOut(),
    close: () => deleteApp(app),
  };
}

export async function closeAll(): Promise<void> {
  await Promise.all(openApps.splice(0).map((app) => deleteApp(app).catch(() => undefined)));
}

export interface AccountSpec {
  role: Role;
  campus?: string | null;
  firstName?: string;
  isArchived?: boolean;
  deviceToken?: string[];
  /** Verified unless said otherwise: roles count only for verified accounts (issue 17). */
  emailVerified?: boolean;
}

/**
 * An account arranged directly (Auth user + profile + the claims setStaffAccess would set),
 * signed in; what the tests call as.
 */
export async function account(spec: AccountSpec): Promise<SignedIn> {
  const email = `${unique(spec.role.toLowerCase())}@campus.test`;
  const password = 'secret-123';
  const created = await auth.createUser({
    email,
    password,
    emailVerified: spec.emailVerified ?? true,
  });
  const campus = spec.campus ?? (spec.role === 'IMT' ? 'main' : null);
  await auth.setCustomUserClaims(created.uid, { role: spec.role, campus });
  await db
    .collection(COLLECTIONS.users)
    .doc(created.uid)
    .set({
      firstName: spec.firstName ?? 'Test',
      firstNameLowerCase: (spec.firstName ?? 'Test').toLowerCase(),
      lastName: spec.role,
      email,
      role: spec.role,
      campus,
      isArchived: false,
      isUsingDefaultPassword: false,
      registrationDate: new Date().toISOString(),
      registrationDateTimestamp: new Date(),
      deviceToken: spec.deviceToken ?? [],
    });
  const session = await signIn(email, password);
  if (spec.isArchived) {
    // Archived after sign-in: the archive must refuse calls from a session that is still open.
    await db.collection(COLLECTIONS.users).doc(created.uid).update({ isArchived: true });
  }
  return session;
}

/** An app user (reporter) profile, no Auth session needed. */
export async function reporter(
  deviceToken: string[] = [],
): Promise<{ uid: string; email: string }> {
  // Named Rita Reporter: the timeline names the reporter of each new report.
  const email = `${unique('reporter')}@mail.test`;
  const uid = unique('rep');
  await db.collection(COLLECTIONS.users).doc(uid).set({
    firstName: 'Rita',
    firstNameLowerCase: 'rita',
    lastName: 'Reporter',
    email,
    role: 'User',
    campus: null,
    isArchived: false,
    isUsingDefaultPassword: false,
    deviceToken,
  });
  return { uid, email };
}

/**
 * A staff profile without an Auth user (the user trigger logs and skips the claims), to be named
 * as an assignee: returns the `assignedTo` value a console would write for it.
 */
export async function staffMember(
  firstName: string,
  lastName: string,
  campus = 'main',
): Promise<{ id: string; displayName: string; email: string }> {
  const id = unique('imt');
  const email = `${id}@campus.test`;
  await db.collection(COLLECTIONS.users).doc(id).set({
    firstName,
    firstNameLowerCase: firstName.toLowerCase(),
    lastName,
    email,
    role: 'IMT',
    campus,
    isArchived: false,
    isUsingDefaultPassword: false,
    deviceToken: [],
  });
  return { id, displayName: `${firstName} ${lastName}`, email };
}

/**
 * A report filed by `filer` (found by its uid, docs/design.md#data-model) `minutesAgo` minutes ago,
 * in the shape the app files, written by the server side; `fields` add to it or replace its
 * values (a later status, another campus, an assignee). Marked `imported` as every server writer
 * marks its reports: not filed through the app, it does not count towards the reporter's hourly
 * quota (services/report-quota.ts).
 */
export async function reportFiledBy(
  filer: { uid: string; email: string },
  fields: Record<string, unknown> = {},
  minutesAgo = 30,
): Promise<DocumentReference> {
  const ref = db.collection(COLLECTIONS.incidentReports).doc(unique('inc'));
  await ref.set({
    timestamp: Timestamp.fromMillis(Date.now() - minutesAgo * 60_000),
    geoLoc: { latitude: 14.65, longitude: 121.07 },
    nearestCampus: 'main',
    status: 'Reported',
    isArchived: false,
    email: filer.email,
    reporterId: filer.uid,
    incidentType: 'Fire',
    imported: true,
    ...fields,
  });
  return ref;
}

export async function docData(path: string): Promise<DocumentData | undefined> {
  return (await db.doc(path).get()).data();
}

/** An incident's timeline entries (with their ids), oldest first. */
export async function timelineOf(incidentPath: string): Promise<DocumentData[]> {
  const snap = await db.doc(incidentPath).collection(COLLECTIONS.timeline).orderBy('at').get();
  return snap.docs.map((d) => ({ id: d.id, ...d.data() }));
}

export async function notificationsOf(uid: string) {
  const snap = await db
    .collection(COLLECTIONS.users)
    .doc(uid)
    .collection(COLLECTIONS.notifications)
    .get();
  return snap.docs.map((d) => ({ id: d.id, ...d.data() }) as { id: string } & DocumentData);
}

export async function pushesFor(field: 'payload.type_id', value: string) {
  const snap = await db.collection(COLLECTIONS.pushMessages).where(field, '==', value).get();
  return snap.docs.map((d) => ({ id: d.id, ...d.data() }) as { id: string } & DocumentData);
}

/** The texts the SMS adapter sent to `phone` that mention `about` (a report's or emergency's id). */
export async function sentTextsTo(phone: string, about: string): Promise<string[]> {
  const sent = await db
    .collection(COLLECTIONS.smsMessages)
    .where('to', '==', phone)
    .where('state', '==', 'sent')
    .get();
  return sent.docs.map((d) => String(d.get('text'))).filter((text) => text.includes(about));
}

/**
 * The error a callable answered with, as the console sees it: `functions/<code>` and the server's
 * message (the web SDK appends the HTTP status, ` [400]`; that suffix is checked and removed).
 */
export async function callError(
  promise: Promise<unknown>,
): Promise<{ code: string; message: string; details?: unknown }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: string; message?: string; details?: unknown };
    const message = String(e.message);
    if (!/ \[\d{3}\]$/.test(message)) throw new Error(`unexpected error shape: ${message}`);
    return {
      code: String(e.code),
      message: message.replace(/ \[\d{3}\]$/, ''),
      details: e.details,
    };
  }
  throw new Error('the call succeeded but was expected to be refused');
}

/**
 * Delivers a Firestore CloudEvent straight to a trigger in the Functions emulator, as Eventarc
 * would redeliver it: used to send the very same event twice. Returns once the trigger has run
 * (the emulator answers when the function's promise settles), so what it wrote is there.
 */
export function deliverEvent(functionId: string, event: Record<string, unknown>): Promise<void> {
  return postToTrigger(functionId, { 'content-type': 'application/json' }, JSON.stringify(event));
}

/**
 * Runs a scheduled function as Cloud Scheduler calls it (the POST that the Pub/Sub preload makes
 * for a schedule message), and returns once it has run: for a run whose effect is "nothing".
 */
export function runScheduled(functionId: string, jobName: string): Promise<void> {
  return postToTrigger(
    functionId,
    {
      'content-type': 'application/json',
      'X-CloudScheduler': 'true',
      'X-CloudScheduler-JobName': jobName,
      'X-CloudScheduler-ScheduleTime': new Date().toISOString(),
    },
    '{}',
  );
}

/**
 * The Functions emulator keys a background trigger `<region>-<name>-<generation>`, and each
 * `backgroundTriggers(true)` loads the triggers again under the next generation while the older
 * ones stay registered, disabled: they answer 204 and run nothing. The live one is the
 * generation that neither is unknown (404) nor disabled (204).
 */
const TRIGGER_GENERATIONS = 10;

async function postToTrigger(
  functionId: string,
  headers: Record<string, string>,
  body: string,
): Promise<void> {
  let lastStatus = 0;
  for (let generation = 0; generation < TRIGGER_GENERATIONS; generation++) {
    const res = await fetch(
      `http://127.0.0.1:${PORTS.functions}/functions/projects/${PROJECT}/triggers/${FUNCTIONS_REGION}-${functionId}-${generation}`,
      { method: 'POST', headers, body },
    );
    lastStatus = res.status;
    if (res.status === 204) continue;
    if (res.ok) return;
    if (res.status !== 404) throw new Error(`Trigger answered ${res.status}: ${await res.text()}`);
  }
  throw new Error(
    `No trigger ${FUNCTIONS_REGION}-${functionId}-N found (last status ${lastStatus})`,
  );
}

/**
 * A report as a hand-made event carries it, with the search keywords it would have: the report
 * trigger's keywords step then has nothing to write. Without them it would write the stored
 * report under the event's made-up update time, which Google's emulator refuses outright
 * (INVALID_ARGUMENT "greater than the stored version") where production events never differ.
 */
export function withKeywords<T extends Record<string, unknown>>(report: T) {
  return { ...report, keywords: incidentKeywords(report as KeywordSource) };
}

/** A Firestore document in the JSON (proto3) form CloudEvents carry. */
export function eventDocument(path: string, fields: Record<string, unknown>, time: string) {
  return {
    name: `projects/${PROJECT}/databases/(default)/documents/${path}`,
    fields: toFirestoreFields(fields),
    createTime: time,
    updateTime: time,
  };
}

export function cloudEvent(opts: {
  id: string;
  type: 'created' | 'updated' | 'written' | 'deleted';
  document: string;
  value?: Record<string, unknown>;
  oldValue?: Record<string, unknown>;
  time?: string;
}) {
  const time = opts.time ?? new Date().toISOString();
  return {
    specversion: '1.0',
    id: opts.id,
    source: `//firestore.googleapis.com/projects/${PROJECT}/databases/(default)`,
    type: `google.cloud.firestore.document.v1.${opts.type}`,
    time,
    datacontenttype: 'application/json',
    subject: `documents/${opts.document}`,
    project: PROJECT,
    database: '(default)',
    namespace: '(default)',
    document: opts.document,
    location: FUNCTIONS_REGION,
    data: {
      ...(opts.value ? { value: eventDocument(opts.document, opts.value, time) } : {}),
      ...(opts.oldValue ? { oldValue: eventDocument(opts.document, opts.oldValue, time) } : {}),
    },
  };
}

/**
 * Waits until functions have logged `count` lines that `accept` takes: the trigger's own word
 * that it has run, for runs that write nothing to wait on (a refusal, a skip).
 */
export function waitForLogs(
  accept: (log: FunctionLog) => boolean,
  count = 1,
  timeoutMs = TRIGGER_BOUND_MS,
): Promise<FunctionLog[]> {
  return waitForFunctionLogs({ port: PORTS.logging, accept, count, timeoutMs });
}

/**
 * What the functions logged so far, as the Logging emulator replays its history to a new
 * WebSocket client. The replay has no end marker: what arrives within half a second of the
 * connection is taken as the history (callers wait for counts with `waitFor`, never on this).
 */
export async function functionLogs(): Promise<FunctionLog[]> {
  const logs: FunctionLog[] = [];
  const socket = new WebSocket(`ws://127.0.0.1:${PORTS.logging}`);
  socket.onmessage = (event) => {
    const log = functionLog(event.data);
    if (log) logs.push(log);
  };
  await new Promise<void>((resolve, reject) => {
    socket.onopen = () => setTimeout(resolve, 500);
    socket.onerror = () => reject(new Error('Logging emulator not reachable'));
  });
  socket.close();
  return logs;
}

/**
 * Pauses or resumes every background trigger (the Emulator Hub's switch): a test or the bench
 * runs a trigger's service itself, or seeds without the triggers' runs sharing the timing.
 */
export async function backgroundTriggers(on: boolean): Promise<void> {
  const hub = process.env.FIREBASE_EMULATOR_HUB;
  if (!hub) throw new Error('FIREBASE_EMULATOR_HUB is not set: run under emulators:exec');
  const res = await fetch(
    `http://${hub}/functions/${on ? 'enable' : 'disable'}BackgroundTriggers`,
    { method: 'PUT' },
  );
  if (!res.ok) throw new Error(`Emulator hub answered ${res.status}`);
}
