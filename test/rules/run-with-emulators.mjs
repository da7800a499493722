#!/usr/bin/env node
/**
 * Runs the whole rules matrix (Firestore and Storage) under `firebase emulators:exec`, with the
 * project's offline emulators started by firebase-tools through the binary-path variables.
 * Extra arguments go to mocha (e.g. `--grep storage`). The emulators get free ports and deny-all
 * start-up rules (the suite loads the product rules itself), from a throw-away firebase.json, so
 * parallel runs do not collide.
 *
 *   node test/rules/run-with-emulators.mjs
 *
 * With OFFICIAL_EMULATORS=1 the binary-path variables are left alone, so firebase-tools uses its
 * own (downloaded) emulator jars: the same suite then runs against the official emulators.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findJdk, withJdk } from '../../scripts/lib/jdk.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// firebase-tools refuses Java < 21 for the Firestore and Storage emulators.
const env = { ...withJdk(process.env, findJdk()), GCLOUD_PROJECT: 'demo-campus-safety-rules' };
// A FIRESTORE_EMULATOR_HOST inherited from a dev shell would point the suite elsewhere.
delete env.FIRESTORE_EMULATOR_HOST;
delete env.FIREBASE_STORAGE_EMULATOR_HOST;

if (!process.env.OFFICIAL_EMULATORS) {
  const firestoreJar = path.join(root, 'emulator/dist/firestore-emulator.jar');
  const storageJar = path.join(root, 'emulator/dist/storage-rules-runtime.jar');
  for (const jar of [firestoreJar, storageJar]) {
    if (!existsSync(jar)) {
      console.error(
        `Missing ${path.relative(root, jar)}: run \`npm run build -w emulator\` first.`,
      );
      process.exit(1);
    }
  }
  env.FIRESTORE_EMULATOR_BINARY_PATH = firestoreJar;
  env.STORAGE_EMULATOR_BINARY_PATH = storageJar;
}
const DENY_ALL_FIRESTORE = `rules_version = '2';
service cloud.firestore { match /{document=**} { allow read, write: if false; } }
`;
const DENY_ALL_STORAGE = `rules_version = '2';
service firebase.storage { match /b/{bucket}/o { match /{path=**} { allow read, write: if false; } } }
`;

async function writeConfig(dir) {
  const host = '127.0.0.1';
  const [firestore, websocket, storage, hub, logging] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  writeFileSync(path.join(dir, 'firestore.rules'), DENY_ALL_FIRESTORE);
  writeFileSync(path.join(dir, 'storage.rules'), DENY_ALL_STORAGE);
  const config = {
    firestore: { rules: 'firestore.rules' },
    storage: { rules: 'storage.rules' },
    emulators: {
      singleProjectMode: true,
      firestore: { host, port: firestore, websocketPort: websocket },
      storage: { host, port: storage },
      hub: { host, port: hub },
      logging: { host, port: logging },
      ui: { enabled: false },
    },
  };
  const file = path.join(dir, 'firebase.json');
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

const configDir = mkdtempSync(path.join(tmpdir(), 'rules-matrix-'));
const configFile = await writeConfig(configDir);
// The Storage emulator keeps blobs in $TMPDIR/firebase/storage/blobs and deletes that folder when
// it stops: a private TMPDIR keeps another running Storage emulator's files safe.
env.TMPDIR = configDir;
const mocha = ['npx', 'mocha', '--config', 'test/rules/.mocharc.json', ...process.argv.slice(2)];
const result = spawnSync(
  'npx',
  [
    'firebase',
    'emulators:exec',
    '--config',
    configFile,
    '--project',
    env.GCLOUD_PROJECT,
    '--only',
    'firestore,storage',
    mocha.map((arg) => (/[\s'"]/.test(arg) ? `'${arg.replace(/'/g, `'\\''`)}'` : arg)).join(' '),
  ],
  { cwd: root, env, stdio: 'inherit' },
);
rmSync(configDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
