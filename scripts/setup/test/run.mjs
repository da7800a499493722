#!/usr/bin/env node
/**
 * `npm run test:setup`: the setup command against an emulator suite of its own (Auth and
 * Firestore on free ports, project `demo-csc-setup`), run as an operator runs it against a
 * project: a child process with only the emulator variables to tell it apart. The Firestore
 * engine is chosen as for the other suites (FIRESTORE_ENGINE=official|own); extra arguments go to
 * `node --test` (`--test-name-pattern refuses`).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emulatorsExec, suiteProject } from '@campus-safety/testkit/emulator-suite';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const code = await emulatorsExec({
  baseConfig: path.join(root, 'firebase.json'),
  only: ['auth', 'firestore'],
  project: suiteProject('setup'),
  cwd: root,
  command: [
    'node',
    '--import',
    'tsx',
    '--test',
    ...process.argv.slice(2),
    path.join(here, 'setup-command.test.mjs'),
  ],
});
process.exit(code);
