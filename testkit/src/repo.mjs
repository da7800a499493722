/** Where the repository is, for the suites and scripts that start emulators from its files. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
export const FIREBASE_JSON = join(REPO_ROOT, 'firebase.json');
/** The project `npm start` runs (.firebaserc's default, a `demo-` project). */
export const PROJECT_ID = JSON.parse(readFileSync(join(REPO_ROOT, '.firebaserc'), 'utf8')).projects
  .default;
