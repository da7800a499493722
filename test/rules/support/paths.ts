import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const FIRESTORE_RULES_FILE = path.join(REPO_ROOT, 'firestore.rules');
export const STORAGE_RULES_FILE = path.join(REPO_ROOT, 'storage.rules');

/** `emulators:exec` exports the project it runs; a demo-* id otherwise (never a real project). */
export const PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-campus-safety-rules';
