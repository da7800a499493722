#!/usr/bin/env node
/**
 * Runs the whole rules matrix (Firestore and Storage) under `firebase emulators:exec`, with the
 * emulators started by firebase-tools through the binary-path variables.
 * Extra arguments go to mocha (e.g. `--grep storage`). The emulators get free ports and deny-all
 * start-up rules (the suite loads the product rules itself), from a throw-away firebase.json, so
 * parallel runs do not collide.
 *
 *   node test/rules/run-with-emulators.mjs
 *
 * The Firestore engine is the official emulator where installed, else ours; FIRESTORE_ENGINE=
 * official|own chooses (scripts/lib/emulator-binaries.mjs). Storage rules run on ours.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseEmulatorBinaries } from '../../scripts/lib/emulator-binaries.mjs';
import { findJdk, withJdk } from '../../scripts/lib/jdk.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// firebase-tools refuses Java < 21 for the Firestore and Storage emulators.
const env = { ...withJdk(process.env, findJdk()), GCLOUD_PROJECT: 'demo-campus-safety-rules' };
// A FIRESTORE_EMULATOR_HOST inherited from a dev shell would point the suite elsewhere.
delete env.FIRESTORE_EMULATOR_HOST;
delete env.FIREBASE_STORAGE_EMULATOR_HOST;

const binaries = chooseEmulatorBinaries(root);
for (const jar of [
  binaries.env.FIRESTORE_EMULATOR_BINARY_PATH,
  binaries.env.STORAGE_EMULATOR_BINARY_PATH,
]) {
  if (jar && !existsSync(jar)) {
    console.error(`Missing ${path.relative(root, jar)}: run \`npm run build -w emulator\` first.`);
    process.exit(1);
  }
}
Object.assign(env, binaries.env);
console.log(
  `Rules matrix on Firestore engine: ${binaries.firestore.engine} (${binaries.firestore.reason})`,
);
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
