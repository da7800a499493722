#!/usr/bin/env node
/**
 * `npm run test:benches` (a suite of `npm test`): every `bench:*` script of the root at its smoke
 * size (BENCH_SMOKE=1, testkit/src/bench.mjs), so a benchmark that stops measuring fails the
 * suite. Each must exit 0 and print the figures listed for it in MEASURES; a bench without an
 * entry there, or a workspace bench no root script reaches, fails too. The figures themselves are
 * the benches' business, at their full size.
 *
 *   npm run test:benches -- --only bench:rules   run some of them (repeatable)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/paths.mjs';
import { MEASURES, unmeasured, unreachedWorkspaceBenches } from './lib/bench-smoke.mjs';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { only: { type: 'string', multiple: true } },
});
const manifest = (dir) => JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
const rootScripts = manifest('.').scripts;
const workspaceScripts = Object.fromEntries(
  manifest('.').workspaces.map((dir) => [dir, manifest(dir).scripts ?? {}]),
);

const problems = [
  ...unmeasured(rootScripts).map((name) => `${name} has no smoke check in MEASURES`),
  ...unreachedWorkspaceBenches(rootScripts, workspaceScripts, (file) =>
    readFileSync(join(ROOT, file), 'utf8'),
  ).map((name) => `${name} is reached by no root bench:* script, so no smoke run measures it`),
];

function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], {
      cwd: ROOT,
      env: { ...process.env, BENCH_SMOKE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('close', (code) => resolve({ code, output }));
  });
}

const names = Object.keys(MEASURES).filter(
  (name) => name in rootScripts && (!values.only || values.only.includes(name)),
);
const results = [];
for (const name of names) {
  console.log(`\n── ${name} (BENCH_SMOKE=1) ──`);
  const started = performance.now();
  const { code, output } = await run(name);
  const missing = MEASURES[name].filter((figure) => !figure.test(output));
  const nan = /\bNaN\b/.test(output);
  const ok = code === 0 && missing.length === 0 && !nan;
  results.push({ name, ok, ms: performance.now() - started });
  if (code !== 0) problems.push(`${name} exited ${code}`);
  for (const figure of missing) problems.push(`${name} printed no figure matching ${figure}`);
  if (nan) problems.push(`${name} printed NaN for a figure`);
}

console.log('\n── smoke runs ──');
for (const r of results)
  console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name.padEnd(20)} ${(r.ms / 1000).toFixed(1)} s`);
for (const problem of problems) console.log(`not measuring: ${problem}`);
process.exit(problems.length === 0 ? 0 : 1);
