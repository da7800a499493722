#!/usr/bin/env node
/**
 * `npm run test:attacks`: the independent attack suite (issue 10's "done when"). Starts its own
 * emulator suite (Auth, Firestore with the product's rules and indexes, Functions, Storage with
 * the product's storage rules) on free ports under `firebase emulators:exec` (the test toolkit's
 * emulator suite, from the product's firebase.json), project `demo-csc-attacks`, and runs the
 * mocha suite in this folder against it. Extra arguments go to mocha (`--grep storage`).
 * The Firestore engine is chosen as for the other suites (FIRESTORE_ENGINE=official|own).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emulatorsExec, suiteProject } from '@campus-safety/testkit/emulator-suite';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
if (!existsSync(path.join(root, 'functions/lib/index.js'))) {
  console.error('Missing functions/lib/index.js: run `npm run build -w functions`.');
  process.exit(1);
}
const code = await emulatorsExec({
  baseConfig: path.join(root, 'firebase.json'),
  only: ['auth', 'firestore', 'functions', 'storage'],
  project: suiteProject('attacks'),
  cwd: root,
  command: ['npx', 'mocha', '--config', path.join(here, '.mocharc.json'), ...process.argv.slice(2)],
});
process.exit(code);
