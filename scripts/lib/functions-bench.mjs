/**
 * The functions benches that run in an emulator suite (functions/scripts/run-integration.mjs
 * <mode>): the functions built once, then the bench once per Firestore engine, each in a suite of
 * its own. Exits 0 when every run did.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { smoke } from '../../testkit/src/bench.mjs';
import { officialFirestoreAvailable } from '../../testkit/src/emulator-binaries.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Google's emulator then ours where it is installed, else ours; a smoke run only the first. */
export function defaultEngines() {
  const engines = officialFirestoreAvailable(root) ? ['official', 'own'] : ['own'];
  return smoke ? engines.slice(0, 1) : engines;
}

/** Builds the functions and runs `mode` with `args` on each engine; exits with the outcome. */
export function runFunctionsBench(mode, args, engines = defaultEngines()) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'functions'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  let failed = 0;
  for (const engine of engines) {
    const run = spawnSync(
      process.execPath,
      ['functions/scripts/run-integration.mjs', mode, ...args],
      { cwd: root, stdio: 'inherit', env: { ...process.env, FIRESTORE_ENGINE: engine } },
    );
    if (run.status !== 0) failed += 1;
  }
  process.exit(failed === 0 ? 0 : 1);
}
