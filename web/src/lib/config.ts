import { emulators as localEmulators } from '../../../firebase.json';
import firebaserc from '../../../.firebaserc?raw';

/**
 * Firebase and emulator settings read from Vite env; without them, the local stack's project
 * (.firebaserc) and emulator addresses (firebase.json), so ports live in one file.
 */
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

const DEFAULT_PROJECT: string = JSON.parse(firebaserc).projects.default;

function localAddress(name: 'auth' | 'firestore' | 'functions' | 'storage'): string {
  const { host, port } = localEmulators[name];
  return `${host}:${port}`;
}

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
  const auth = hostPort(text(env, 'VITE_EMULATOR_AUTH'), localAddress('auth'));
  return {
    auth: `http://${auth.host}:${auth.port}`,
    firestore: hostPort(text(env, 'VITE_EMULATOR_FIRESTORE'), localAddress('firestore')),
    functions: hostPort(text(env, 'VITE_EMULATOR_FUNCTIONS'), localAddress('functions')),
    storage: hostPort(text(env, 'VITE_EMULATOR_STORAGE'), localAddress('storage')),
  };
}

/**
 * App Check (README, deploy steps): the reCAPTCHA Enterprise site key the deployment registered
 * (`VITE_APP_CHECK_SITE_KEY`), and under the emulators the debug provider's token instead of a
 * real attestation (`VITE_APP_CHECK_DEBUG_TOKEN`, registered in the Firebase console; `true`
 * has the SDK print a new one). Null without a site key: the local stack's demo project has no
 * App Check service to ask, and its emulators check no tokens.
 */
export interface AppCheckSettings {
  siteKey: string;
  debugToken: string | true | null;
}

export function readAppCheckSettings(env: Env, usingEmulators: boolean): AppCheckSettings | null {
  const siteKey = text(env, 'VITE_APP_CHECK_SITE_KEY');
  if (!siteKey) return null;
  return {
    siteKey,
    debugToken: usingEmulators ? (text(env, 'VITE_APP_CHECK_DEBUG_TOKEN') ?? true) : null,
  };
}

/**
 * The VAPID public key devices subscribe to Web Push with (docs/decisions.md#web-push): the
 * deployment's `VITE_WEB_PUSH_PUBLIC_KEY`, the public half of the functions' WEB_PUSH_* pair.
 * Under the emulators, the local stack's own public key, which web/vite.config.ts takes from its
 * one home, functions/.env.local (only that key: the file's secrets stay out of the bundle).
 * Null: no Web Push, and the "Notifications on this device" control says so.
 */
export function readWebPushKey(env: Env, usingEmulators: boolean): string | null {
  const set = text(env, 'VITE_WEB_PUSH_PUBLIC_KEY');
  if (set) return set;
  return usingEmulators ? (text(env, 'VITE_LOCAL_WEB_PUSH_PUBLIC_KEY') ?? null) : null;
}
