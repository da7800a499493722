#!/usr/bin/env node
/**
 * `npm run bench:engines`: the Firestore engines side by side in one run. The emulator part
 * (cold start, memory, commit to snapshot with 100 listeners) runs both engines directly; the
 * functions part runs the functions benchmark's status write → reporter notification latency
 * once per engine through the whole emulator suite. Prints figures; asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import { officialFirestoreAvailable } from '../testkit/src/emulator-binaries.mjs';
import { ROOT } from './lib/paths.mjs';
import { benchSize, smoke } from '../testkit/src/bench.mjs';

const run = (args, env = {}) =>
  spawnSync('npm', args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });

const emulator = run(['run', 'bench:engines', '-w', 'emulator']);
process.stdout.write(emulator.stdout);

const installed = officialFirestoreAvailable(ROOT) ? ['official', 'own'] : ['own'];
// The smoke run proves the suite part still measures: on the default engine only.
const engines = smoke ? installed.slice(0, 1) : installed;
const latency = {};
for (const engine of engines) {
  const result = run(['run', 'bench', '-w', 'functions'], {
    FIRESTORE_ENGINE: engine,
    BENCH_SKIP_SCHEDULER: '1',
    BENCH_SKIP_READS: '1',
    BENCH_SAMPLES: process.env.BENCH_SAMPLES ?? benchSize('30', '3'),
  });
  latency[engine] =
    /status write → notification doc: (.*)/.exec(result.stdout)?.[1] ??
    `failed (exit ${result.status}); run FIRESTORE_ENGINE=${engine} npm run bench:functions`;
}
console.log('\nstatus write → reporter notification, whole emulator suite:');
for (const [engine, figures] of Object.entries(latency)) console.log(`  ${engine}: ${figures}`);
