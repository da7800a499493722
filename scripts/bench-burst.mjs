// `npm run bench:burst [-- --reports N --minutes M]` (issue 22): the campus-wide emergency bench
// (functions/bench/burst.ts), once per Firestore engine (Google's emulator, then ours), each in
// an emulator suite of its own. The last line of each run says which goals were met.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { smoke } from '../testkit/src/bench.mjs';
import { officialFirestoreAvailable } from '../testkit/src/emulator-binaries.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const build = spawnSync('npm', ['run', 'build', '-w', 'functions'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
let failed = 0;
const engines = officialFirestoreAvailable(root) ? ['official', 'own'] : ['own'];
// The smoke run (BENCH_SMOKE=1) proves the bench still measures: on the default engine only.
for (const engine of smoke ? engines.slice(0, 1) : engines) {
  const run = spawnSync(
    process.execPath,
    ['functions/scripts/run-integration.mjs', 'burst', ...args],
    { cwd: root, stdio: 'inherit', env: { ...process.env, FIRESTORE_ENGINE: engine } },
  );
  if (run.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
