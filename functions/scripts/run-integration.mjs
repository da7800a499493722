// Runs the integration tests (`test`) or the benchmark (`bench`) under `firebase emulators:exec`
// with this workspace's own emulator config (ports apart from the stack's, its own project id so
// a running stack is not disturbed) and the Firestore engine FIRESTORE_ENGINE chooses (official
// where installed, else ours; scripts/lib/emulator-binaries.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { chooseEmulatorBinaries } from '../../scripts/lib/emulator-binaries.mjs';
import { findJdk, withJdk } from '../../scripts/lib/jdk.mjs';
import { ensurePubsubEmulator } from '../../scripts/lib/pubsub.mjs';

const mode = process.argv[2] ?? 'test';
// emulators:exec runs its script through a shell: pass extra mocha arguments through literally.
const shellQuote = (arg) => `'${arg.replace(/'/g, `'\\''`)}'`;
const functionsDir = fileURLToPath(new URL('..', import.meta.url));
const root = path.resolve(functionsDir, '..');
// The Storage emulator (for the file-check trigger) runs our offline rules runtime.
const binaries = chooseEmulatorBinaries(root);
const { firestore } = binaries;
if (!existsSync(firestore.env.FIRESTORE_EMULATOR_BINARY_PATH ?? firestore.binary)) {
  console.error(
    `Firestore emulator not found at ${firestore.binary}. Build it: npm run build -w emulator`,
  );
  process.exit(1);
}
console.log(`Functions ${mode} on Firestore engine: ${firestore.engine} (${firestore.reason})`);
const inner =
  mode === 'bench'
    ? 'node --import tsx bench/bench.ts'
    : [
        'npx mocha --config test/integration/.mocharc.json',
        ...process.argv.slice(3).map(shellQuote),
      ].join(' ');
const firebaseBin = path.join(root, 'node_modules/firebase-tools/lib/bin/firebase.js');
const jdkEnv = withJdk(process.env, findJdk());
// The Pub/Sub emulator drives the scheduled function; without one its test says it is skipped.
const pubsub = ensurePubsubEmulator(root, { env: jdkEnv, firebaseBin });
if (pubsub.missing) console.warn(`Pub/Sub emulator unavailable: ${pubsub.missing}`);
const preload = path.join(root, 'scripts/lib/pubsub-schedule-delivery.cjs');
const result = spawnSync(
  process.execPath,
  [
    '--require',
    preload,
    firebaseBin,
    'emulators:exec',
    '--config',
    'test/integration/firebase.json',
    '--project',
    'demo-csc-functions-test',
    '--only',
    pubsub.missing ? 'auth,firestore,functions,storage' : 'auth,firestore,functions,storage,pubsub',
    inner,
  ],
  {
    cwd: functionsDir,
    stdio: 'inherit',
    // firebase-tools refuses Java < 21 for the Firestore emulator.
    // No GCE metadata probe from firebase-tools' Pub/Sub client (a warning on every run offline).
    env: {
      ...jdkEnv,
      ...binaries.env,
      ...pubsub.env,
      METADATA_SERVER_DETECTION: 'none',
    },
  },
);
process.exit(result.status ?? 1);
