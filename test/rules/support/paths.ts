import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suiteProject } from '@campus-safety/testkit/emulator-suite';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Where the rules under test live: the repository root, or RULES_DIR to try a candidate change. */
const RULES_DIR = process.env.RULES_DIR ? path.resolve(process.env.RULES_DIR) : REPO_ROOT;
export const FIRESTORE_RULES_FILE = path.join(RULES_DIR, 'firestore.rules');
export const STORAGE_RULES_FILE = path.join(RULES_DIR, 'storage.rules');

/** `emulators:exec` exports the project it runs; a demo-* id otherwise (never a real project). */
export const PROJECT_ID = process.env.GCLOUD_PROJECT ?? suiteProject('rules');
