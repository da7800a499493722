#!/usr/bin/env node
/**
 * `npm run bench:rules-reads`: the worst case of the rules' document reads, measured. Runs the
 * rules matrix and the attacks suite on our engine with --report-rules-reads, which prints on stop
 * the most documents each kind of request read with get()/exists() (production refuses more than
 * 10 alone, 20 in a batch); merges the two suites' lists and prints the heaviest. Asserts nothing.
 * Extra arguments go to both suites' mocha (`-- --grep campus` for a quick look); the smoke run
 * (BENCH_SMOKE=1) takes only the campus-lead rows, which hold the worst single request.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/paths.mjs';
import { smoke } from '../testkit/src/bench.mjs';

const SUITES = ['test:rules', 'test:attacks'];
const args = smoke ? ['--grep', 'campus lead'] : process.argv.slice(2);
const LINE = /^ {2}(\d+) (\S+ \S+)( \(in a batch\))?, e\.g\. (\S+)$/;
const worst = new Map();

for (const suite of SUITES) {
  const started = Date.now();
  const run = spawnSync('npm', ['run', suite, '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, FIRESTORE_ENGINE: 'own', FIRESTORE_EMULATOR_REPORT_RULES_READS: '1' },
    stdio: 'ignore',
  });
  // firebase-tools writes the engine's output to firestore-debug.log in the suite's directory.
  const log = readFileSync(join(ROOT, 'firestore-debug.log'), 'utf8').split('\n');
  let kinds = 0;
  for (const line of log) {
    const summary = /^Rules reads: .* of (\d+) kinds of request/.exec(line);
    if (summary) kinds = Number(summary[1]);
    const match = LINE.exec(line);
    if (!match) continue;
    const [, reads, shape, batch, example] = match;
    const known = worst.get(shape);
    if (!known || known.reads < Number(reads))
      worst.set(shape, { reads: Number(reads), batch: !!batch, example, suite });
  }
  console.log(
    `${suite}: exit ${run.status}, ${kinds} kinds of request, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

const rows = [...worst.entries()].sort((a, b) => b[1].reads - a[1].reads).slice(0, 15);
console.log('\nMost documents read by one request (limit 10 alone, 20 for a batch together):');
for (const [shape, r] of rows)
  console.log(
    `${String(r.reads).padStart(3)}  ${shape}${r.batch ? ' (batch)' : ''}  e.g. ${r.example} [${r.suite}]`,
  );
const alone = rows.filter(([, r]) => !r.batch);
if (alone[0]) console.log(`\nWorst single request: ${alone[0][1].reads} of 10 (${alone[0][0]}).`);
const batched = rows.filter(([, r]) => r.batch);
if (batched[0]) console.log(`Worst batch: ${batched[0][1].reads} of 20 (${batched[0][0]}).`);
