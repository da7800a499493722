/** Where things are in the repository, and the stack's fixed settings read from firebase.json. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PROJECT_ID = JSON.parse(readFileSync(join(ROOT, '.firebaserc'), 'utf8')).projects
  .default;
export const FIREBASE_JSON = join(ROOT, 'firebase.json');
/** The config firebase-tools is started with (firebase.json plus what only start time knows). */
export const EFFECTIVE_CONFIG = join(ROOT, '.firebase.effective.json');
export const DATA_DIR = join(ROOT, '.emulator-data');
export const LOG_DIR = join(ROOT, '.firebase', 'logs');
export const FIREBASE_BIN = join(
  ROOT,
  'node_modules',
  'firebase-tools',
  'lib',
  'bin',
  'firebase.js',
);
/** Default Storage bucket of a demo project under the emulators. */
export const STORAGE_BUCKET = `${PROJECT_ID}.appspot.com`;
/** The functions' region, from the model's deployment settings (one source for every workspace). */
export const REGION = JSON.parse(
  readFileSync(join(ROOT, 'model', 'src', 'deployment.json'), 'utf8'),
).functionsRegion;

/** `{ auth: {host, port}, firestore: {...}, ... }` from firebase.json's `emulators` block. */
export function emulatorEndpoints() {
  const { emulators } = JSON.parse(readFileSync(FIREBASE_JSON, 'utf8'));
  const endpoints = {};
  for (const [name, value] of Object.entries(emulators)) {
    if (value && typeof value === 'object' && typeof value.port === 'number') {
      endpoints[name] = { host: value.host ?? '127.0.0.1', port: value.port };
    }
  }
  return endpoints;
}

/** Every port the stack listens on, named, including Firestore's WebSocket port. */
export function stackPorts() {
  const { emulators } = JSON.parse(readFileSync(FIREBASE_JSON, 'utf8'));
  const ports = Object.entries(emulatorEndpoints()).map(([name, { host, port }]) => ({
    name,
    host,
    port,
  }));
  if (emulators.firestore?.websocketPort) {
    ports.push({
      name: 'firestore websocket',
      host: emulators.firestore.host ?? '127.0.0.1',
      port: emulators.firestore.websocketPort,
    });
  }
  return ports;
}
