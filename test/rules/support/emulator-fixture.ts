/**
 * Mocha global fixture: makes sure a Firestore emulator is there for the rules matrix.
 *
 * Under `firebase emulators:exec` (official or offline emulators) FIRESTORE_EMULATOR_HOST is set
 * and this does nothing. Otherwise it starts the project's offline Firestore emulator on a free
 * port, points FIRESTORE_EMULATOR_HOST at it for the tests, and stops it afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ID, REPO_ROOT } from './paths';
import { freePort } from '@campus-safety/testkit/ports';
import { becomesTrue, sleep as delay } from '@campus-safety/testkit/wait';

const START_TIMEOUT_MS = 60_000;

let emulator: ChildProcess | undefined;

export async function mochaGlobalSetup(): Promise<void> {
  if (process.env.FIRESTORE_EMULATOR_HOST) return;
  const port = await freePort();
  const websocketPort = await freePort();
  const args = [
    ...emulatorEntry(),
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--websocket_port',
    String(websocketPort),
    '--project_id',
    PROJECT_ID,
  ];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    // The tests' own `--import tsx` must not leak into the child's flags twice.
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  emulator = child;
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await waitUntilServing(child, port, () => output);
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
}

export async function mochaGlobalTeardown(): Promise<void> {
  if (!emulator || emulator.exitCode !== null) return;
  const exited = new Promise((resolve) => emulator?.once('exit', resolve));
  emulator.kill('SIGTERM');
  await Promise.race([exited, delay(5000)]);
  if (emulator.exitCode === null) emulator.kill('SIGKILL');
}

/** The TypeScript source when it is there (always current), else the built bundle. */
function emulatorEntry(): string[] {
  const source = path.join(REPO_ROOT, 'emulator/src/firestore/main.ts');
  if (existsSync(source)) return ['--import', 'tsx', source];
  const bundle = path.join(REPO_ROOT, 'emulator/dist/firestore-emulator.js');
  if (existsSync(bundle)) return [bundle];
  throw new Error(
    'No Firestore emulator: set FIRESTORE_EMULATOR_HOST, or provide emulator/src/firestore/main.ts ' +
      'or emulator/dist/firestore-emulator.js (npm run build -w emulator).',
  );
}

async function waitUntilServing(child: ChildProcess, port: number, log: () => string) {
  const answers = async () => {
    try {
      return (await fetch(`http://127.0.0.1:${port}/`)).ok;
    } catch {
      return false; // not listening yet
    }
  };
  const up = await becomesTrue(answers, {
    timeoutMs: START_TIMEOUT_MS,
    intervalMs: 200,
    abort: () => child.exitCode !== null,
  });
  if (up) return;
  if (child.exitCode !== null) {
    throw new Error(`Firestore emulator exited with code ${child.exitCode}:\n${log()}`);
  }
  child.kill('SIGKILL');
  throw new Error(`Firestore emulator did not answer on port ${port} in time:\n${log()}`);
}
