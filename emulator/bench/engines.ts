/**
 * Our Firestore emulator against Google's, side by side in one run (`npm run bench:engines` at
 * the root adds the functions' status-to-notification latency per engine). Prints figures and
 * the ratios the project holds itself to (ours at least 5x faster to start and 4x lighter);
 * asserts nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminFirestore } from '../test/support/clients.js';
import type { RunningEmulator } from '../test/support/emulator.js';
import {
  OFFICIAL_FIRESTORE_MAIN_CLASS,
  findOfficialFirestoreJar,
} from '@campus-safety/testkit/emulator-binaries';
import { benchSize } from '@campus-safety/testkit/bench';
import { findJdk } from '@campus-safety/testkit/jdk';
import {
  LISTENERS,
  fill,
  line,
  listenLatency,
  ms,
  percentile,
  rssMiB,
  startProcess,
  stop,
} from './measures.js';

const emulatorRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const PROJECT = 'demo-bench';
const RUNS = Number(process.env.BENCH_RUNS ?? benchSize(3, 1));
const BULK = benchSize(10_000, 1000);

interface Engine {
  name: 'own' | 'official';
  command: string;
  args: string[];
}

function engines(): Engine[] {
  const own: Engine = {
    name: 'own',
    command: process.execPath,
    args: [join(emulatorRoot, 'dist', 'firestore-emulator.js'), '--project_id', PROJECT],
  };
  if (!existsSync(own.args[0]!))
    throw new Error('Build the emulator first: npm run build -w emulator');
  const official = findOfficialFirestoreJar(join(emulatorRoot, '..'));
  if (!official) {
    console.log('The official Firestore emulator is not installed: measuring ours alone.\n');
    return [own];
  }
  const args = ['-cp', official.jar, OFFICIAL_FIRESTORE_MAIN_CLASS, '--project_id', PROJECT];
  return [
    own,
    { name: 'official', command: findJdk().java, args: [...args, '--single_project_mode', 'true'] },
  ];
}

/** Spawn until the first request is answered (not just the port open). */
async function startAnswering(engine: Engine) {
  const started = performance.now();
  const running = await startProcess(engine.command, engine.args);
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${running.port}/`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { ...running, answerMs: performance.now() - started };
}

interface Figures {
  startMs: number;
  idleMiB: number;
  busyMiB: number;
  loadedMiB: number;
  snapshotP50: number;
  writesPerSecond: number;
}

async function measure(engine: Engine): Promise<Figures> {
  const starts: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { child, answerMs } = await startAnswering(engine);
    starts.push(answerMs);
    await stop(child);
  }
  const { child, port } = await startAnswering(engine);
  const emulator = { host: '127.0.0.1', port, hostPort: `127.0.0.1:${port}` } as RunningEmulator;
  const { db, close } = adminFirestore(emulator, PROJECT);
  try {
    await db.collection('warm').doc('up').set({ at: new Date() });
    const idleMiB = rssMiB(child.pid!);
    console.log(`-- ${engine.name} --`);
    const snapshotP50 = await listenLatency(db);
    const busyMiB = rssMiB(child.pid!);
    const writesPerSecond = await fill(db, 'bulk', BULK);
    return {
      startMs: percentile(starts, 50),
      idleMiB,
      busyMiB,
      loadedMiB: rssMiB(child.pid!),
      snapshotP50,
      writesPerSecond,
    };
  } finally {
    await close();
    await stop(child);
  }
}

const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
console.log(
  `Firestore engines, ours and Google's (load average ${load}, ${RUNS} cold starts each)\n`,
);
const results = new Map<string, Figures>();
for (const engine of engines()) results.set(engine.name, await measure(engine));
console.log('');
for (const [name, f] of results) {
  line(`${name}: cold start to first answer (median)`, ms(f.startMs));
  line(
    `${name}: resident memory idle / ${LISTENERS} listeners / +${BULK.toLocaleString('en')} docs`,
    `${f.idleMiB.toFixed(0)} / ${f.busyMiB.toFixed(0)} / ${f.loadedMiB.toFixed(0)} MiB`,
  );
  line(`${name}: commit to snapshot, ${LISTENERS} listeners, p50`, ms(f.snapshotP50));
  line(`${name}: batched writes`, `${Math.round(f.writesPerSecond).toLocaleString('en')} docs/s`);
}
const own = results.get('own')!;
const official = results.get('official');
if (official) {
  const startRatio = official.startMs / own.startMs;
  const memoryRatio = official.idleMiB / own.idleMiB;
  const loadedRatio = official.loadedMiB / own.loadedMiB;
  line(
    'start: official / ours (goal >= 5)',
    `${startRatio.toFixed(1)}x ${startRatio >= 5 ? 'met' : 'NOT met'}`,
  );
  line(
    'memory idle: official / ours (goal >= 4)',
    `${memoryRatio.toFixed(1)}x ${memoryRatio >= 4 ? 'met' : 'NOT met'}`,
  );
  line(
    `memory with ${BULK.toLocaleString('en')} docs: official / ours (goal >= 4)`,
    `${loadedRatio.toFixed(1)}x ${loadedRatio >= 4 ? 'met' : 'NOT met'}`,
  );
  line(
    'commit to snapshot p50: official / ours',
    `${(official.snapshotP50 / own.snapshotP50).toFixed(2)}x`,
  );
}
