import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareEmulatorSuite } from '@campus-safety/testkit/emulator-suite';

/**
 * Runs `firebase emulators:exec` from a fixture directory with our emulator as the Firestore
 * binary (FIRESTORE_EMULATOR_BINARY_PATH = the launcher jar, a Java >= 21 first on PATH), or the
 * official one with FIRESTORE_ENGINE=official, on free ports (the test toolkit's emulator
 * suite: the fixture's firebase.json copied with fresh ports and passed with --config).
 */

const emulatorRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const repoRoot = join(emulatorRoot, '..');
export const launcherJar = join(emulatorRoot, 'dist', 'firestore-emulator.jar');

export interface RunResult {
  code: number | null;
  output: string;
}

export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Builds dist/ (bundle and launcher jar); fails with the build output if the jar is missing. */
export async function buildEmulator(): Promise<void> {
  const build = await run(
    process.execPath,
    [join(emulatorRoot, 'scripts', 'build.mjs')],
    process.env,
    emulatorRoot,
  );
  if (build.code !== 0 || !existsSync(launcherJar)) {
    throw new Error(
      `the emulator build (with its launcher jar, which needs a JDK) failed:\n${build.output}`,
    );
  }
}

export interface ExecOptions {
  /** Emulators to start, e.g. `firestore,functions`. */
  only: string;
  /** A `demo-` project id, so nothing needs a login. */
  project: string;
  /** Extra flags, e.g. `--export-on-exit <dir>` or `--import <dir>`. */
  flags?: string[];
  /** The command emulators:exec runs once the emulators are up. */
  script: string;
}

/** `firebase emulators:exec` in `fixture`. */
export async function emulatorsExec(fixture: string, options: ExecOptions): Promise<RunResult> {
  // Ours unless FIRESTORE_ENGINE=official runs the same test against Google's emulator.
  const suite = await prepareEmulatorSuite({
    baseConfig: join(fixture, 'firebase.json'),
    only: options.only.split(','),
    project: options.project,
    engine: process.env.FIRESTORE_ENGINE === 'official' ? 'official' : 'own',
  });
  // A fixture's own firebase.json names its indexes file; the engine choice's default (the
  // product's firestore.indexes.json) would override it.
  const env: NodeJS.ProcessEnv = { ...suite.env, CI: '1' };
  delete env.FIRESTORE_EMULATOR_INDEXES;
  try {
    return await run(
      join(repoRoot, 'node_modules', '.bin', 'firebase'),
      [
        'emulators:exec',
        '--config',
        suite.configPath,
        '--only',
        suite.only.join(','),
        '--project',
        options.project,
        ...(options.flags ?? []),
        options.script,
      ],
      env,
      fixture,
    );
  } finally {
    suite.dispose();
    rmSync(join(fixture, 'firestore-debug.log'), { force: true });
  }
}
