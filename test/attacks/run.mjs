#!/usr/bin/env node
/**
 * `npm run test:attacks`: the independent attack suite (issue 10's "done when"). Starts its own
 * emulator suite (Auth, Firestore with the product's rules, Functions, Storage with the product's
 * storage rules) on free ports under `firebase emulators:exec`, project `demo-csc-attacks`, and
 * runs the mocha suite in this folder against it. Extra arguments go to mocha (`--grep storage`).
 * The Firestore engine is chosen as for the other suites (FIRESTORE_ENGINE=official|own).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseEmulatorBinaries } from '../../scripts/lib/emulator-binaries.mjs';
import { findJdk, withJdk } from '../../scripts/lib/jdk.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const PROJECT = 'demo-csc-attacks';
const shellQuote = (arg) => `'${arg.replace(/'/g, `'\\''`)}'`;

const binaries = chooseEmulatorBinaries(root);
for (const file of [
  binaries.env.FIRESTORE_EMULATOR_BINARY_PATH,
  binaries.env.STORAGE_EMULATOR_BINARY_PATH,
  path.join(root, 'functions/lib/index.js'),
]) {
  if (file && !existsSync(file)) {
    console.error(
      `Missing ${path.relative(root, file)}: run \`npm run build -w emulator -w functions\`.`,
    );
    process.exit(1);
  }
}
console.log(
  `Attack suite on Firestore engine: ${binaries.firestore.engine} (${binaries.firestore.reason})`,
);

// firebase-tools resolves every path of a config relative to the config file's directory and
// refuses paths outside it: the throw-away config sits beside the product's firebase.json (and
// is removed afterwards).
const host = '127.0.0.1';
const ports = {};
for (const name of ['auth', 'firestore', 'websocket', 'functions', 'storage', 'hub', 'logging'])
  ports[name] = await freePort();
for (const name of ['eventarc', 'tasks']) ports[name] = await freePort();
const configFile = path.join(root, `.firebase.attacks-${process.pid}.json`);
const config = {
  firestore: { rules: 'firestore.rules', indexes: 'firestore.indexes.json' },
  storage: { rules: 'storage.rules' },
  functions: [
    {
      source: 'functions',
      codebase: 'default',
      runtime: 'nodejs22',
      ignore: ['node_modules', 'src', 'test', 'bench', '*.log'],
    },
  ],
  emulators: {
    singleProjectMode: true,
    auth: { host, port: ports.auth },
    firestore: { host, port: ports.firestore, websocketPort: ports.websocket },
    functions: { host, port: ports.functions },
    storage: { host, port: ports.storage },
    eventarc: { host, port: ports.eventarc },
    tasks: { host, port: ports.tasks },
    hub: { host, port: ports.hub },
    logging: { host, port: ports.logging },
    ui: { enabled: false },
  },
};
writeFileSync(configFile, JSON.stringify(config, null, 2));

const env = {
  ...withJdk(process.env, findJdk()),
  ...binaries.env,
  METADATA_SERVER_DETECTION: 'none',
  ATTACK_PROJECT: PROJECT,
  ATTACK_PORTS: JSON.stringify(ports),
};
// Inherited emulator hosts from a dev shell would point the suite at another stack.
for (const name of [
  'FIRESTORE_EMULATOR_HOST',
  'FIREBASE_AUTH_EMULATOR_HOST',
  'FIREBASE_STORAGE_EMULATOR_HOST',
])
  delete env[name];

const inner = [
  'npx mocha --config',
  shellQuote(path.join(here, '.mocharc.json')),
  ...process.argv.slice(2).map(shellQuote),
].join(' ');
const firebaseBin = path.join(root, 'node_modules/firebase-tools/lib/bin/firebase.js');
let status = 1;
try {
  const result = spawnSync(
    process.execPath,
    [
      firebaseBin,
      'emulators:exec',
      '--config',
      configFile,
      '--project',
      PROJECT,
      '--only',
      'auth,firestore,functions,storage',
      inner,
    ],
    { cwd: root, stdio: 'inherit', env },
  );
  status = result.status ?? 1;
} finally {
  rmSync(configFile, { force: true });
}
process.exit(status);
