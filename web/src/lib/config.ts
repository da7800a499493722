import { programmeTimeZone } from '@campus-safety/model';

/** Firebase and emulator settings read from Vite env, with the local stack's fixed defaults. */
export interface FirebaseSettings {
  apiKey: string;
  authDomain: string;
  projectId: string;
  storageBucket: string;
  appId: string;
}

export interface EmulatorSettings {
  auth: string;
  firestore: { host: string; port: number };
  functions: { host: string; port: number };
  storage: { host: string; port: number };
}

type Env = Record<string, string | boolean | undefined>;

const DEFAULT_PROJECT = 'demo-campus-safety';

function text(env: Env, key: string): string | undefined {
  const value = env[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function readFirebaseSettings(env: Env): FirebaseSettings {
  const projectId = text(env, 'VITE_FIREBASE_PROJECT_ID') ?? DEFAULT_PROJECT;
  return {
    apiKey: text(env, 'VITE_FIREBASE_API_KEY') ?? 'demo-api-key',
    authDomain: text(env, 'VITE_FIREBASE_AUTH_DOMAIN') ?? `${projectId}.firebaseapp.com`,
    projectId,
    storageBucket: text(env, 'VITE_FIREBASE_STORAGE_BUCKET') ?? `${projectId}.appspot.com`,
    appId: text(env, 'VITE_FIREBASE_APP_ID') ?? `1:000000000000:web:${projectId}`,
  };
}

function hostPort(value: string | undefined, fallback: string): { host: string; port: number } {
  const [host, port] = (value ?? fallback).split(':');
  return { host: host || '127.0.0.1', port: Number(port) };
}

/** Null when the console talks to real Firebase (VITE_USE_EMULATORS === 'false'). */
export function readEmulatorSettings(env: Env): EmulatorSettings | null {
  if (text(env, 'VITE_USE_EMULATORS') === 'false') return null;
  const auth = hostPort(text(env, 'VITE_EMULATOR_AUTH'), '127.0.0.1:9099');
  return {
    auth: `http://${auth.host}:${auth.port}`,
    firestore: hostPort(text(env, 'VITE_EMULATOR_FIRESTORE'), '127.0.0.1:8080'),
    functions: hostPort(text(env, 'VITE_EMULATOR_FUNCTIONS'), '127.0.0.1:5001'),
    storage: hostPort(text(env, 'VITE_EMULATOR_STORAGE'), '127.0.0.1:9199'),
  };
}

/** The programme time zone every time is shown in: `VITE_PROGRAMME_TIME_ZONE`, else the model's. */
export function readProgrammeTimeZone(env: Env): string {
  return programmeTimeZone(text(env, 'VITE_PROGRAMME_TIME_ZONE'));
}
