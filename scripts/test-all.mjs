#!/usr/bin/env node
/**
 * `npm test`: every suite the project has, one after another (they share the machine's two
 * cores and some start emulators), each under a header with its timing. A failing suite does not
 * stop the run; the exit code is non-zero when any failed. The last line is `N passed, N failed`.
 *
 * Two lanes run at the same time (scripts/lib/suites.mjs `lanes`): the main one (emulator and
 * browser suites) and the one beside (suites that start no emulator or browser, the setup suite
 * and the benches' smoke). The main lane's output streams as it comes; each beside-lane suite's
 * output is printed in one block when it ends.
 *
 *   npm test -- --list           show the suites without running them
 *   npm test -- --only <text>    run only suites whose name contains <text> (repeatable)
 *   npm test -- --serial         one lane: every suite alone, as when timing a suite
 *   npm test -- --all-engines    the engine-dependent suites on every installed engine (CI)
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { buildTargets } from './lib/builds.mjs';
import { findJdk, withJdk } from '../testkit/src/jdk.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { ROOT } from './lib/paths.mjs';
import { isStale } from './lib/staleness.mjs';
import { officialFirestoreAvailable, requestedEngine } from '../testkit/src/emulator-binaries.mjs';
import {
  availableEngines,
  discoverSuites,
  failureExcerpt,
  lanes,
  perEngine,
  summaryLine,
} from './lib/suites.mjs';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    list: { type: 'boolean', default: false },
    only: { type: 'string', multiple: true },
    serial: { type: 'boolean', default: false },
    'all-engines': { type: 'boolean', default: false },
  },
});

/**
 * Runs one suite and resolves with its exit code and output. The output goes to ours as it comes,
 * or, when `buffered`, in one block when the suite ends.
 */
function runSuite(command, args, env, { buffered = false, header = '' } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk) => {
      output += chunk.toString();
      if (!buffered) process.stdout.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', (error) => keep(`${error.message}\n`));
    child.once('close', (code, signal) => {
      if (buffered) process.stdout.write(`${header}\n${output}`);
      resolve({ code: code ?? (signal ? 128 : 1), output });
    });
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const rule = (text) => `\n━━━━ ${text} ${'━'.repeat(Math.max(4, 90 - text.length))}`;

// A fresh clone works on its own: install (as npm start does) before anything needs node_modules.
if (!values.list) {
  try {
    await ensureInstalled(ROOT, (line) => console.log(line));
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
const discovered = discoverSuites(ROOT);
// FIRESTORE_ENGINE=official|own runs the per-engine suites on that engine only; by default the
// product's run once on the default engine and --all-engines runs them on every installed one.
const wanted = requestedEngine(undefined, process.env);
const official = wanted !== 'own' && officialFirestoreAvailable(ROOT);
if (wanted === 'official' && !official) {
  console.error('FIRESTORE_ENGINE=official, but the official Firestore emulator is not installed.');
  process.exit(2);
}
const { engines, missing } = availableEngines(wanted, official);
const expanded = perEngine(discovered.suites, engines, {
  allEngines: values['all-engines'],
  missing,
});
let suites = expanded.suites;
const skipped = [...discovered.skipped, ...expanded.skipped];
if (values.only?.length) suites = suites.filter((s) => values.only.some((o) => s.name.includes(o)));
if (values.list) {
  for (const suite of suites)
    console.log(`${suite.name.padEnd(40)} ${suite.command} ${suite.args.join(' ')}`);
  for (const note of skipped) console.log(`(skipped) ${note}`);
  process.exit(0);
}

// Suites that start the emulator suite need Java >= 21; put it first on PATH for all of them.
let env = { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };
try {
  const jdk = findJdk();
  env = withJdk(env, jdk);
  console.log(`Java: ${jdk.home} (Java ${jdk.major})`);
} catch (error) {
  console.log(`Warning: ${error.message.split('\n')[0]} Suites that start emulators will fail.`);
}

const results = [];
// Builds first: the emulator suites run the built jars, the functions suites the bundle.
for (const target of buildTargets(ROOT).filter(isStale)) {
  const name = `build ${target.workspace}`;
  console.log(rule(name));
  const started = performance.now();
  const { code, output } = await runSuite('npm', ['run', 'build', '-w', target.workspace], env);
  const ms = performance.now() - started;
  if (code !== 0) results.push({ name, ok: false, ms, code, output });
  console.log(`${code === 0 ? 'built' : `FAILED (exit ${code})`} in ${seconds(ms)}`);
}

const header = (suite) =>
  rule(
    `[${suites.indexOf(suite) + 1}/${suites.length}] ${suite.name}  (${suite.command} ${suite.args.join(' ')})`,
  );
/** @param {{ buffered: boolean }} options */
async function runLane(laneSuites, { buffered }) {
  for (const suite of laneSuites) {
    if (!buffered) console.log(header(suite));
    const started = performance.now();
    const { code, output } = await runSuite(
      suite.command,
      suite.args,
      { ...env, ...suite.env },
      {
        buffered,
        header: header(suite),
      },
    );
    const ms = performance.now() - started;
    results.push({ name: suite.name, ok: code === 0, ms, code, output });
    console.log(
      `${code === 0 ? 'PASSED' : `FAILED (exit ${code})`}: ${suite.name} in ${seconds(ms)}`,
    );
  }
}

const started = performance.now();
if (values.serial) {
  await runLane(suites, { buffered: false });
} else {
  const { main, beside } = lanes(suites);
  await Promise.all([runLane(main, { buffered: false }), runLane(beside, { buffered: true })]);
}
const totalMs = performance.now() - started;
// The summary keeps the suites' order whichever lane finished first.
results.sort((a, b) => order(a.name) - order(b.name));
function order(name) {
  const index = suites.findIndex((suite) => suite.name === name);
  return index === -1 ? -1 : index;
}

console.log(rule('summary'));
for (const r of results) {
  console.log(`${r.ok ? 'pass' : 'FAIL'}  ${r.name.padEnd(40)} ${seconds(r.ms).padStart(9)}`);
}
for (const note of skipped) console.log(`skip  ${note}`);
// CI keeps only the log's tail: say there what failed.
for (const r of results.filter((result) => !result.ok)) {
  console.log(`\n${r.name} failed:`);
  for (const line of failureExcerpt(r.output)) console.log(`  ${line}`);
}
console.log(`suites took ${seconds(totalMs)}${values.serial ? ' (serial)' : ' (two lanes)'}`);
console.log(summaryLine(results));
process.exit(results.every((r) => r.ok) ? 0 : 1);
