import { waitUntil } from '@campus-safety/testkit/wait';
import {
  deleteApp as deleteAdminApp,
  initializeApp as initializeAdminApp,
  type App,
} from 'firebase-admin/app';
import {
  initializeFirestore as initializeAdminFirestore,
  type Firestore as AdminFirestore,
} from 'firebase-admin/firestore';
import {
  deleteApp as deleteWebApp,
  initializeApp as initializeWebApp,
  type FirebaseApp,
} from 'firebase/app';
import {
  connectFirestoreEmulator,
  getFirestore as getWebFirestore,
  terminate,
  type Firestore as WebFirestore,
} from 'firebase/firestore';
import type { RunningEmulator } from './emulator.js';

let appCount = 0;

/**
 * firebase-admin connected to the emulator the way users do it: FIRESTORE_EMULATOR_HOST, which
 * the SDK reads when the Firestore instance is created (it then sends `Bearer owner`).
 */
export function adminFirestore(
  emulator: RunningEmulator,
  projectId: string,
  options: { preferRest?: boolean } = {},
): { db: AdminFirestore; close(): Promise<void> } {
  process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort;
  // Not on Google Cloud: keep google-auth-library from probing the GCE metadata server.
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const app: App = initializeAdminApp({ projectId }, `admin-${++appCount}`);
  const db = initializeAdminFirestore(app, { preferRest: options.preferRest ?? false });
  if (options.preferRest) {
    // google-gax's REST fallback insists on an auth client even for an emulator (for gRPC the SDK
    // uses insecure credentials); hand it one that sends the emulator's owner token.
    db.settings({
      auth: {
        getRequestHeaders: async () => ({ Authorization: 'Bearer owner' }),
        getUniverseDomain: async () => 'googleapis.com',
      },
    });
  }
  return {
    db,
    close: async () => {
      await db.terminate();
      await deleteAdminApp(app);
    },
  };
}

/** The web SDK (modular) in Node, connected with connectFirestoreEmulator. */
export function webFirestore(
  emulator: RunningEmulator,
  projectId: string,
): { db: WebFirestore; close(): Promise<void> } {
  const app: FirebaseApp = initializeWebApp(
    { projectId, apiKey: 'fake-api-key' },
    `web-${++appCount}`,
  );
  const db = getWebFirestore(app);
  connectFirestoreEmulator(db, emulator.host, emulator.port);
  return {
    db,
    close: async () => {
      await terminate(db);
      await deleteWebApp(app);
    },
  };
}

/** Calls an emulator HTTP endpoint and returns status and parsed JSON (or text) body. */
export async function http(
  emulator: RunningEmulator,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${emulator.baseUrl}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // plain text answer
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** Waits until `predicate` holds, polling; fails with `what` after `timeoutMs`. */
export async function eventually(
  predicate: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  await waitUntil(predicate, { what, timeoutMs, intervalMs: 25 });
}
