#!/usr/bin/env node
/**
 * Runs the whole rules matrix (Firestore and Storage) under `firebase emulators:exec` on free
 * ports (the test toolkit's emulator suite), with deny-all start-up rules: the suite loads the
 * product rules itself. Extra arguments go to mocha (e.g. `--grep storage`).
 *
 *   node test/rules/run-with-emulators.mjs
 *
 * The Firestore engine is the official emulator where installed, else ours; FIRESTORE_ENGINE=
 * official|own chooses. Storage rules run on ours.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { emulatorsExec, suiteProject } from '@campus-safety/testkit/emulator-suite';
import { FIREBASE_JSON } from '@campus-safety/testkit/repo';

const DENY_ALL_FIRESTORE = `rules_version = '2';
service cloud.firestore { match /{document=**} { allow read, write: if false; } }
`;
const DENY_ALL_STORAGE = `rules_version = '2';
service firebase.storage { match /b/{bucket}/o { match /{path=**} { allow read, write: if false; } } }
`;

const code = await emulatorsExec({
  baseConfig: FIREBASE_JSON,
  only: ['firestore', 'storage'],
  project: suiteProject('rules'),
  adjust(config, dir) {
    writeFileSync(join(dir, 'firestore.rules'), DENY_ALL_FIRESTORE);
    writeFileSync(join(dir, 'storage.rules'), DENY_ALL_STORAGE);
    config.firestore = { rules: join(dir, 'firestore.rules') };
    config.storage = { rules: join(dir, 'storage.rules') };
    delete config.functions;
    delete config.hosting;
  },
  command: ['npx', 'mocha', '--config', 'test/rules/.mocharc.json', ...process.argv.slice(2)],
});
process.exit(code);
