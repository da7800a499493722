import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  OFFICIAL_FIRESTORE_MAIN_CLASS,
  findOfficialFirestoreJar,
} from '@campus-safety/testkit/emulator-binaries';
import { findJdk } from '@campus-safety/testkit/jdk';
import { freePort } from '@campus-safety/testkit/ports';
import { startEmulator, type RunningEmulator } from '../support/emulator.js';

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
export async function startOfficial(jar: string, projectId: string): Promise<RunningEmulator> {
  const jdk = findJdk();
  const port = await freePort();
  const child = spawn(
    jdk.java,
    [
      '-cp',
      jar,
      OFFICIAL_FIRESTORE_MAIN_CLASS,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--project_id',
      projectId,
      '--single_project_mode',
      'true',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the official emulator did not start within 60 s:\n${output}`));
    }, 60_000);
    const check = () => {
      if (!output.includes('Dev App Server is now running')) return;
      clearTimeout(timer);
      child.stdout.off('data', check);
      resolve();
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the official emulator exited with code ${code}:\n${output}`));
    });
  });
  const hostPort = `127.0.0.1:${port}`;
  return {
    host: '127.0.0.1',
    port,
    hostPort,
    baseUrl: `http://${hostPort}`,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Ours: the fresh build in dist/ (else the sources), never an external emulator. */
export function startOurs(): Promise<RunningEmulator> {
  delete process.env.CONFORMANCE_EMULATOR_HOST;
  return startEmulator();
}
