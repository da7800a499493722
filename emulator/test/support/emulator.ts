import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from '@campus-safety/testkit/ports';

/**
 * Starts the Firestore emulator on a free port for a test and stops it afterwards.
 *
 * It runs the built bundle (dist/firestore-emulator.js) when that is newer than every source
 * file, else the TypeScript entry through tsx. Set CONFORMANCE_EMULATOR_HOST=host:port to run
 * the tests against an emulator that is already running instead (e.g. the official one).
 */

const emulatorRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const distEntry = join(emulatorRoot, 'dist', 'firestore-emulator.js');
const sourceEntry = join(emulatorRoot, 'src', 'firestore', 'main.ts');
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface RunningEmulator {
  host: string;
  port: number;
  /** `host:port`, the form FIRESTORE_EMULATOR_HOST takes. */
  hostPort: string;
  baseUrl: string;
  /** Everything the process printed so far. */
  output(): string;
  /** Whether the process is still running (always true for an external emulator). */
  alive(): boolean;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra command-line flags (e.g. `--rules <file>`, `--functions_emulator host:port`). */
  args?: string[];
  /** Run from source even if a fresh build exists. */
  fromSource?: boolean;
  /** Extra environment variables (e.g. FIRESTORE_EMULATOR_REQUIRE_INDEXES). */
  env?: Record<string, string>;
  /** Working directory (default: the emulator package). */
  cwd?: string;
}

export { freePort };

/** A project id of its own per test suite, so suites never see each other's data. */
export function uniqueProjectId(prefix = 'demo-conformance'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

function newestMtime(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** The command that runs the emulator: the fresh bundle, else the sources through tsx. */
export function emulatorCommand(fromSource = false): string[] {
  const built =
    existsSync(distEntry) && statSync(distEntry).mtimeMs >= newestMtime(join(emulatorRoot, 'src'));
  return built && !fromSource
    ? [process.execPath, distEntry]
    : // tsx resolved here, so the emulator can run from another working directory.
      [process.execPath, '--import', tsxLoader, sourceEntry];
}

export async function startEmulator(options: StartOptions = {}): Promise<RunningEmulator> {
  const external = process.env.CONFORMANCE_EMULATOR_HOST;
  if (external) return externalEmulator(external);
  const [command, ...baseArgs] = emulatorCommand(options.fromSource);
  return startEmulatorProcess(command!, [...baseArgs, ...(options.args ?? [])], {
    cwd: options.cwd ?? emulatorRoot,
    env: { ...process.env, ...options.env },
  });
}

/**
 * Runs any Firestore emulator (ours, or Google's: both print "Dev App Server is now running" when
 * ready) on a free port on 127.0.0.1: `--host` and `--port` are appended to `args`.
 */
export async function startEmulatorProcess(
  command: string,
  args: string[],
  {
    cwd,
    env = process.env,
    name = 'the emulator',
    readyTimeoutMs = 20_000,
  }: { cwd?: string; env?: NodeJS.ProcessEnv; name?: string; readyTimeoutMs?: number } = {},
): Promise<RunningEmulator> {
  const port = await freePort();
  const child = spawn(command, [...args, '--host', '127.0.0.1', '--port', String(port)], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForReady(child, () => output, name, readyTimeoutMs);
  const hostPort = `127.0.0.1:${port}`;
  return {
    host: '127.0.0.1',
    port,
    hostPort,
    baseUrl: `http://${hostPort}`,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: () => stopChild(child),
  };
}

function waitForReady(
  child: ChildProcess,
  output: () => string,
  name: string,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within ${timeoutMs / 1000} s:\n${output()}`));
    }, timeoutMs);
    const check = (): void => {
      if (output().includes('Dev App Server is now running')) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with code ${code} before it was ready:\n${output()}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function externalEmulator(hostPort: string): RunningEmulator {
  const [host, port] = hostPort.split(':');
  return {
    host: host!,
    port: Number(port),
    hostPort,
    baseUrl: `http://${hostPort}`,
    output: () => '',
    alive: () => true,
    stop: async () => undefined,
  };
}
