import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  OFFICIAL_FIRESTORE_MAIN_CLASS,
  findOfficialFirestoreJar,
} from '@campus-safety/testkit/emulator-binaries';
import { findJdk } from '@campus-safety/testkit/jdk';
import { startEmulator, startEmulatorProcess, type RunningEmulator } from '../support/emulator.js';

/**
 * The two engines of the differential suite: Google's official Firestore emulator (the
 * reference) and ours, each on a free port.
 */

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The official emulator's jar, as the project's engine choice finds it; null when none. */
export function findOfficialJar(env = process.env): string | null {
  return findOfficialFirestoreJar(repoRoot, env)?.jar ?? null;
}

/** Starts the official emulator (its jar has no Main-Class, so the class is named). */
export function startOfficial(jar: string, projectId: string): Promise<RunningEmulator> {
  return startEmulatorProcess(
    findJdk().java,
    [
      '-cp',
      jar,
      OFFICIAL_FIRESTORE_MAIN_CLASS,
      '--project_id',
      projectId,
      '--single_project_mode',
      'true',
    ],
    { name: 'the official emulator', readyTimeoutMs: 60_000 },
  );
}

/** Ours: the fresh build in dist/ (else the sources), never an external emulator. */
export function startOurs(): Promise<RunningEmulator> {
  delete process.env.CONFORMANCE_EMULATOR_HOST;
  return startEmulator();
}
