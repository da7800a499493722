/**
 * Which suites `npm test` runs, found from package.json scripts so that suites added later by
 * other owners run without touching this file:
 *   1. every workspace's `test` script (unit suites), in workspace order;
 *   2. every workspace's `test:*` scripts, then the root's `test:*` scripts;
 *   3. the browser end-to-end suite in e2e/ (its package.json `test` script, or e2e/run.mjs);
 *   4. typecheck and lint of the whole repository.
 * A workspace without any test script is listed as skipped, never counted as passed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function manifest(dir) {
  const file = join(dir, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

const testScripts = (scripts) =>
  Object.keys(scripts ?? {})
    .filter((name) => name.startsWith('test:'))
    .sort();

/** @returns {{ suites: {name: string, command: string, args: string[]}[], skipped: string[] }} */
export function discoverSuites(root) {
  const rootManifest = manifest(root);
  const workspaces = (rootManifest?.workspaces ?? []).map((dir) => ({
    dir,
    scripts: manifest(join(root, dir))?.scripts ?? {},
  }));
  const suites = [];
  const skipped = [];

  for (const { dir, scripts } of workspaces) {
    if (scripts.test)
      suites.push({ name: `${dir}: test`, command: 'npm', args: ['test', '-w', dir] });
    else if (testScripts(scripts).length === 0) skipped.push(`${dir}: no test scripts`);
  }
  for (const { dir, scripts } of workspaces) {
    for (const script of testScripts(scripts)) {
      suites.push({ name: `${dir}: ${script}`, command: 'npm', args: ['run', script, '-w', dir] });
    }
  }
  for (const script of testScripts(rootManifest?.scripts)) {
    suites.push({ name: `root: ${script}`, command: 'npm', args: ['run', script] });
  }

  const e2e = manifest(join(root, 'e2e'));
  if (e2e?.scripts?.test) {
    suites.push({
      name: 'e2e: browser end-to-end',
      command: 'npm',
      args: ['test', '--prefix', 'e2e'],
    });
  } else if (existsSync(join(root, 'e2e', 'run.mjs'))) {
    suites.push({ name: 'e2e: browser end-to-end', command: 'node', args: ['e2e/run.mjs'] });
  } else {
    skipped.push('e2e: no e2e/run.mjs or e2e test script yet');
  }

  if (rootManifest?.scripts?.typecheck) {
    suites.push({ name: 'typecheck', command: 'npm', args: ['run', 'typecheck'] });
  }
  if (rootManifest?.scripts?.lint) {
    suites.push({ name: 'lint', command: 'npm', args: ['run', 'lint'] });
  }
  return { suites, skipped };
}

/**
 * The suites whose outcome depends on the Firestore engine. `npm test` runs each once: the
 * product's on the default engine (Google's where installed: the reference), our emulator's own
 * (OWN_EMULATOR_SUITES) on ours, since engine agreement is what the emulator's suites (unit,
 * differential against Google's, triggers) are for. `--all-engines` runs every one of them on
 * every installed engine, as CI does.
 */
export const PER_ENGINE_SUITES = [
  'emulator: test:triggers',
  'functions: test:integration',
  'root: test:rules',
  'root: test:attacks',
  'e2e: browser end-to-end',
];

/** Per-engine suites that test our emulator rather than the product: on ours by default. */
export const OWN_EMULATOR_SUITES = ['emulator: test:triggers'];

/**
 * Suites that run in a lane beside the main one, one after another: those that start no
 * emulator, server or browser, then the light emulator suites (the setup command's: Auth and
 * Firestore; the rules': Firestore and Storage, on each engine it runs on) and the benches' smoke
 * runs, which mostly wait on emulators starting and take no browser. A suite not listed here
 * (every new one) runs in the main lane.
 */
export const BESIDE_SUITES = [
  'model: test',
  'testkit: test',
  'functions: test',
  'web: test',
  'root: test:scripts',
  'typecheck',
  'lint',
  'root: test:setup',
  'root: test:rules',
  'root: test:benches',
];

/** A suite's name without the engine a per-engine run adds (`… [own]`). */
const baseName = (suite) => suite.name.replace(/ \[\w+\]$/, '');

/**
 * Splits suites into the main lane (emulator and browser suites; its output streams) and the lane
 * beside it, each keeping its order. The browser suite stays in the main lane: in a lane of its
 * own beside the emulator suites (tried 2026-12-02), two cores ran at a load of 13-15, callables
 * hit their 70 s deadline and the integration suite took 1,367 s instead of 615.
 */
export function lanes(suites) {
  return {
    main: suites.filter((suite) => !BESIDE_SUITES.includes(baseName(suite))),
    beside: suites.filter((suite) => BESIDE_SUITES.includes(baseName(suite))),
  };
}

/**
 * The engines a run may use, official first: FIRESTORE_ENGINE's choice (`wanted`), else every
 * installed one. `missing` says why the official engine is not among them, when it was wanted.
 */
export function availableEngines(wanted, officialInstalled) {
  if (wanted !== 'auto') return { engines: [wanted], missing: null };
  return officialInstalled
    ? { engines: ['official', 'own'], missing: null }
    : { engines: ['own'], missing: 'the official Firestore emulator is not installed here' };
}

/**
 * Expands each per-engine suite into its runs (FIRESTORE_ENGINE set for each): on every engine in
 * `engines` with `allEngines`, else once: our emulator's own suites on ours where it is among
 * them, the product's on the first (the default). `missing` explains an engine that could not
 * run, listed as skipped for the suites that would have run on it.
 */
export function perEngine(suites, engines, { allEngines = false, missing = null } = {}) {
  const skipped = [];
  const expanded = suites.flatMap((suite) => {
    if (!PER_ENGINE_SUITES.includes(suite.name)) return [suite];
    const own = OWN_EMULATOR_SUITES.includes(suite.name);
    if (missing && (allEngines || !own)) skipped.push(`${suite.name} [official]: ${missing}`);
    const runs = allEngines ? engines : [own && engines.includes('own') ? 'own' : engines[0]];
    return runs.map((engine) => ({
      ...suite,
      name: `${suite.name} [${engine}]`,
      env: { FIRESTORE_ENGINE: engine },
    }));
  });
  return { suites: expanded, skipped };
}

/** The last line of `npm test`, in exactly this form. */
export function summaryLine(results) {
  const passed = results.filter((r) => r.ok).length;
  return `${passed} passed, ${results.length - passed} failed`;
}

// eslint-disable-next-line no-control-regex -- the escape codes colour output
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * What a failed suite said about its failures, short enough for the end of `npm test` (CI keeps
 * only the tail of the log): mocha's "N failing" section, node:test's "failing tests" list or
 * vitest's FAIL lines; otherwise the last lines.
 */
export function failureExcerpt(output, maxLines = 12) {
  const lines = output
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '' && !/^\s+at /.test(line));
  const start = lines.findIndex((line) => /^\s*(\d+ failing|✖ failing tests:)$/.test(line));
  if (start !== -1) return lines.slice(start, start + maxLines);
  const vitest = lines.filter((line) => /^\s*(FAIL|×)\s/.test(line));
  return vitest.length > 0 ? vitest.slice(0, maxLines) : lines.slice(-maxLines);
}
