// `npm run bench:alerts [-- --sizes 10000,50000] [--engines own,official]` (issue 21 item 2): the
// mass-notification fan-out bench (functions/bench/mass-notifications.ts), once per Firestore
// engine asked for (ours by default), each in an emulator suite of its own.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const at = args.indexOf('--engines');
const engines = at >= 0 ? args.splice(at, 2)[1].split(',') : ['own'];
const build = spawnSync('npm', ['run', 'build', '-w', 'functions'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
let failed = 0;
for (const engine of engines) {
  const run = spawnSync(
    process.execPath,
    ['functions/scripts/run-integration.mjs', 'alerts', ...args],
    { cwd: root, stdio: 'inherit', env: { ...process.env, FIRESTORE_ENGINE: engine } },
  );
  if (run.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
