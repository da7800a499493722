#!/usr/bin/env node
/**
 * `npm run bench:stack`: time from `npm start` to "Console ready" on a warm install (dependencies
 * installed, builds current, saved data present), per phase. A first, unmeasured run makes the
 * install warm; then `--runs` measured runs (default 3) each start the stack and stop it again.
 * Goal (issue 2): <= 10 s on these 2-core machines.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/paths.mjs';
import { smoke } from '../testkit/src/bench.mjs';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { runs: { type: 'string', default: smoke ? '1' : '3' } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
  console.error(`--runs must be a whole number from 1 to 20, got "${values.runs}"`);
  process.exit(2);
}

/** One `npm start`; resolves with wall-clock ms to "Console ready" and the phase timings. */
function startOnce(label) {
  const timingsFile = join(mkdtempSync(join(tmpdir(), 'bench-stack-')), 'timings.json');
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let readyMs = null;
    let output = '';
    const flags = [
      '--exit-when-ready',
      '--timings',
      timingsFile,
      ...(smoke ? ['--no-persist'] : []),
    ];
    const child = spawn('npm', ['start', '--', ...flags], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const onData = (chunk) => {
      output += chunk;
      if (readyMs === null && output.includes('Console ready'))
        readyMs = performance.now() - started;
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      if (code !== 0 || readyMs === null) {
        reject(new Error(`${label}: npm start failed (exit ${code}):\n${output.slice(-3000)}`));
        return;
      }
      resolve({ wallMs: readyMs, timings: JSON.parse(readFileSync(timingsFile, 'utf8')) });
    });
  });
}

const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;

try {
  // The smoke run (BENCH_SMOKE=1, from npm test, whose builds are current) skips the warm-up.
  if (!smoke) {
    console.log('Warm-up run (installs/builds whatever is stale; not measured) ...');
    await startOnce('warm-up');
  }
  const results = [];
  for (let i = 1; i <= runs; i += 1) {
    const result = await startOnce(`run ${i}`);
    results.push(result);
    console.log(`run ${i}: ${fmt(result.wallMs)} from npm start to "Console ready"`);
  }
  const names = [...new Set(results.flatMap((r) => r.timings.map((t) => t.name)))];
  const median = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  console.log(`\nPer phase (median of ${runs} run(s)):`);
  for (const name of names) {
    const values = results.map((r) => r.timings.find((t) => t.name === name)?.ms ?? 0);
    console.log(`  ${name.padEnd(28)} ${fmt(median(values)).padStart(9)}`);
  }
  const wall = median(results.map((r) => r.wallMs));
  const inside = median(
    results.map((r) => r.timings.find((t) => t.name === 'total to console ready').ms),
  );
  console.log(`  ${'npm + node startup'.padEnd(28)} ${fmt(wall - inside).padStart(9)}`);
  console.log(
    `\nnpm start → console ready: ${fmt(wall)} (median), goal <= 10 s: ${wall <= 10_000 ? 'met' : 'NOT met'}`,
  );
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
