#!/usr/bin/env node
/**
 * `npm test`: every suite the project has, one after another (they share the machine's two
 * cores and some start emulators), each under a header with its timing. A failing suite does not
 * stop the run; the exit code is non-zero when any failed. The last line is `N passed, N failed`.
 *
 *   npm test -- --list           show the suites without running them
 *   npm test -- --only <text>    run only suites whose name contains <text> (repeatable)
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { buildTargets } from './lib/builds.mjs';
import { findJdk, withJdk } from '../testkit/src/jdk.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { ROOT } from './lib/paths.mjs';
import { isStale } from './lib/staleness.mjs';
import { officialFirestoreAvailable, requestedEngine } from '../testkit/src/emulator-binaries.mjs';
import { discoverSuites, perEngine, summaryLine } from './lib/suites.mjs';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { list: { type: 'boolean', default: false }, only: { type: 'string', multiple: true } },
});

function runSuite(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', (error) => {
      console.error(error.message);
      resolve(127);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
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
// FIRESTORE_ENGINE=official|own runs the per-engine suites on that engine only; by default on
// both where the official emulator is installed, else on ours (and says so).
const wanted = requestedEngine(undefined, process.env);
const official = wanted !== 'own' && officialFirestoreAvailable(ROOT);
if (wanted === 'official' && !official) {
  console.error('FIRESTORE_ENGINE=official, but the official Firestore emulator is not installed.');
  process.exit(2);
}
const engines = wanted === 'auto' ? (official ? ['official', 'own'] : ['own']) : [wanted];
const expanded = perEngine(
  discovered.suites,
  engines,
  wanted === 'auto' && !official ? 'the official Firestore emulator is not installed here' : null,
);
let suites = expanded.suites;
const skipped = [...discovered.skipped, ...expanded.skipped];
if (values.only?.length) suites = suites.filter((s) => values.only.some((o) => s.name.includes(o)));
if (values.list) {
  for (const suite of suites)
    console.log(`${suite.name.padEnd(36)} ${suite.command} ${suite.args.join(' ')}`);
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
  const code = await runSuite('npm', ['run', 'build', '-w', target.workspace], env);
  const ms = performance.now() - started;
  if (code !== 0) results.push({ name, ok: false, ms, code });
  console.log(`${code === 0 ? 'built' : `FAILED (exit ${code})`} in ${seconds(ms)}`);
}

for (const [index, suite] of suites.entries()) {
  console.log(
    rule(
      `[${index + 1}/${suites.length}] ${suite.name}  (${suite.command} ${suite.args.join(' ')})`,
    ),
  );
  const started = performance.now();
  const code = await runSuite(suite.command, suite.args, { ...env, ...suite.env });
  const ms = performance.now() - started;
  results.push({ name: suite.name, ok: code === 0, ms, code });
  console.log(
    `${code === 0 ? 'PASSED' : `FAILED (exit ${code})`}: ${suite.name} in ${seconds(ms)}`,
  );
}

console.log(rule('summary'));
for (const r of results) {
  console.log(`${r.ok ? 'pass' : 'FAIL'}  ${r.name.padEnd(40)} ${seconds(r.ms).padStart(9)}`);
}
for (const note of skipped) console.log(`skip  ${note}`);
console.log(summaryLine(results));
process.exit(results.every((r) => r.ok) ? 0 : 1);
