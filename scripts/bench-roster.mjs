// `npm run bench:roster [-- --people N | --full] [--engines own,official]` (issue 31 item 1): the
// roster import and an alert to a campus of its people (functions/bench/roster.ts), once per
// Firestore engine (both by default), each in an emulator suite of its own; then the figures side
// by side with the ratio own/official. 5,000 people by default (CI); `--full` imports 50,000.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const at = args.indexOf('--engines');
const engines = at >= 0 ? args.splice(at, 2)[1].split(',') : ['own', 'official'];
const FIGURES = [
  ['previewS', 'preview'],
  ['applyS', 'apply'],
  ['reimportS', 'same file again'],
  ['countS', 'audience counted (send step)'],
  ['planS', 'alert planned'],
  ['deliverS', 'alert delivered'],
];
const build = spawnSync('npm', ['run', 'build', '-w', 'functions'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
const results = [];
let failed = 0;
for (const engine of engines) {
  const run = spawnSync(
    process.execPath,
    ['functions/scripts/run-integration.mjs', 'roster', ...args],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, FIRESTORE_ENGINE: engine },
    },
  );
  process.stdout.write(run.stdout);
  const line = /^ROSTER_BENCH (.+)$/m.exec(run.stdout)?.[1];
  if (run.status !== 0 || !line) failed += 1;
  if (line) results.push(JSON.parse(line));
}
if (results.length > 0) {
  const { people, alertPeople, pages } = results[0];
  console.log(
    `\nRoster bench: ${people} people${people === 50_000 ? '' : ' (CI size; --full for 50,000)'}, ` +
      `alert to ${alertPeople} of them in ${pages} pages`,
  );
  const byEngine = Object.fromEntries(results.map((r) => [r.engine, r]));
  for (const [key, label] of FIGURES) {
    const cells = results.map((r) => `${r.engine} ${r[key]} s`).join(', ');
    const ratio =
      byEngine.own && byEngine.official
        ? `, own/official ${(byEngine.own[key] / byEngine.official[key]).toFixed(2)}`
        : '';
    console.log(`  ${label}: ${cells}${ratio}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
