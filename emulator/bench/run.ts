/**
 * Emulator benchmark (`npm run bench -w emulator`): prints figures, asserts nothing.
 * Runs the built emulator (building it first if needed) on free ports, driven by firebase-admin.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import type { Firestore } from 'firebase-admin/firestore';
import protobuf from 'protobufjs';
import { adminFirestore } from '../test/support/clients.js';
import type { RunningEmulator } from '../test/support/emulator.js';
import {
  COMMITS,
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
import { benchSize } from '@campus-safety/testkit/bench';
import { findJdk } from '@campus-safety/testkit/jdk';

const SINGLE_WRITES = benchSize(1000, 50);
const BULK = benchSize(10_000, 1000);
const QUERIES = benchSize(100, 10);
const BIG = benchSize(90_000, 2000);
const count = (n: number) => n.toLocaleString('en');

const emulatorRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(emulatorRoot, 'dist', 'firestore-emulator.js');
const jar = join(emulatorRoot, 'dist', 'firestore-emulator.jar');

async function coldStart(
  label: string,
  command: string,
  args: string[],
  runs: number,
): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { child, startMs } = await startProcess(command, args);
    times.push(startMs);
    await stop(child);
  }
  line(
    `cold start to accepting connections (${label})`,
    `median ${ms(percentile(times, 50))}, min ${ms(Math.min(...times))}`,
  );
}

async function writeLatency(db: Firestore): Promise<void> {
  const col = db.collection('latency');
  for (let i = 0; i < 50; i++) await col.doc(`warm${i}`).set({ i });
  const times: number[] = [];
  for (let i = 0; i < SINGLE_WRITES; i++) {
    const t = performance.now();
    await col.doc(`d${i}`).set({ i, text: 'single write', at: new Date() });
    times.push(performance.now() - t);
  }
  line(
    `single write latency, admin SDK gRPC (${count(SINGLE_WRITES)} writes)`,
    `p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}`,
  );
}

async function orderedQuery(db: Firestore): Promise<void> {
  const query = db.collection('bulk').where('group', '==', 3).orderBy('n').limit(50);
  const plain = db.collection('bulk').orderBy('n').limit(50);
  for (let i = 0; i < 10; i++) await plain.get();
  const times: number[] = [];
  const filtered: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    let t = performance.now();
    const snap = await plain.get();
    times.push(performance.now() - t);
    if (snap.size !== 50) throw new Error(`expected 50 documents, got ${snap.size}`);
    t = performance.now();
    await query.get();
    filtered.push(performance.now() - t);
  }
  line(
    `orderBy(n).limit(50) over ${count(BULK)} docs (round trip)`,
    `p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}`,
  );
  line(
    `where(group).orderBy(n).limit(50) over ${count(BULK)} docs`,
    `p50 ${ms(percentile(filtered, 50))}, p99 ${ms(percentile(filtered, 99))}`,
  );
}

/**
 * The same fan-out seen by thin raw gRPC Listen streams, so the figure is mostly the emulator's
 * own work rather than 100 SDK watch pipelines in this process.
 */
async function rawListenLatency(db: Firestore, hostPort: string): Promise<void> {
  const descriptor = createRequire(import.meta.url).resolve(
    '@google-cloud/firestore/build/protos/v1.json',
  );
  const root = protobuf.Root.fromJSON(JSON.parse(readFileSync(descriptor, 'utf8')));
  const request = root.lookupType('google.firestore.v1.ListenRequest');
  const response = root.lookupType('google.firestore.v1.ListenResponse');
  const database = 'projects/demo-bench/databases/(default)';
  const ref = db.collection('live').doc('raw');
  await ref.set({ v: -1 });
  const client = new grpc.Client(hostPort, grpc.credentials.createInsecure());
  const listeners = LISTENERS;
  const arrivals = new Map<string, number[]>();
  let current = 0;
  const calls: grpc.ClientDuplexStream<Buffer, Buffer>[] = [];
  for (let l = 0; l < listeners; l++) {
    const metadata = new grpc.Metadata();
    metadata.set('authorization', 'Bearer owner');
    metadata.set('google-cloud-resource-prefix', database);
    const call = client.makeBidiStreamRequest(
      '/google.firestore.v1.Firestore/Listen',
      (b: Buffer) => b,
      (b: Buffer) => b,
      metadata,
    );
    call.on('data', (bytes: Buffer) => {
      const message = response.toObject(response.decode(bytes), {
        enums: String,
        longs: String,
      }) as {
        targetChange?: { targetChangeType?: string };
        documentChange?: { document: { fields: { v: { integerValue: string } } } };
      };
      if (message.targetChange?.targetChangeType === 'CURRENT') current++;
      const v = message.documentChange?.document.fields.v.integerValue;
      if (v !== undefined) (arrivals.get(v) ?? arrivals.set(v, []).get(v)!).push(performance.now());
    });
    call.on('error', () => undefined);
    call.write(
      Buffer.from(
        request
          .encode(
            request.fromObject({
              database,
              addTarget: {
                targetId: 1,
                documents: { documents: [`${database}/documents/live/raw`] },
              },
            }),
          )
          .finish(),
      ),
    );
    calls.push(call);
  }
  while (current < listeners) await new Promise((resolve) => setTimeout(resolve, 5));
  const perListener: number[] = [];
  for (let v = 0; v < COMMITS; v++) {
    const t = performance.now();
    await ref.set({ v });
    while ((arrivals.get(String(v))?.length ?? 0) < listeners)
      await new Promise((resolve) => setImmediate(resolve));
    perListener.push(...arrivals.get(String(v))!.map((at) => at - t));
  }
  calls.forEach((call) => call.cancel());
  client.close();
  line(
    `commit to snapshot, ${listeners} raw gRPC listeners`,
    `p50 ${ms(percentile(perListener, 50))}, p99 ${ms(percentile(perListener, 99))}`,
  );
}

/** CPU time (user + system) the emulator process has used, in ms: robust to a busy machine. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function phase(pid: number, label: string, run: () => Promise<void>): Promise<void> {
  const before = cpuMs(pid);
  await run();
  line(`  emulator CPU during ${label}`, ms(cpuMs(pid) - before));
}

async function main(): Promise<void> {
  if (!existsSync(dist))
    execFileSync(process.execPath, [join(emulatorRoot, 'scripts', 'build.mjs')], {
      stdio: 'inherit',
    });
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  console.log(
    `Firestore emulator benchmark (node ${process.version}, load average ${load}, ${new Date().toISOString()})`,
  );
  console.log(
    'Wall-clock figures include the SDK client in this process; emulator CPU is its own.\n',
  );

  await coldStart('node dist', process.execPath, [dist], benchSize(5, 1));
  if (existsSync(jar))
    await coldStart('java -jar launcher', findJdk().java, ['-jar', jar], benchSize(3, 1));

  const { child, port } = await startProcess(process.execPath, [dist]);
  const emulator = { host: '127.0.0.1', port, hostPort: `127.0.0.1:${port}` } as RunningEmulator;
  const { db, close } = adminFirestore(emulator, 'demo-bench');
  try {
    const pid = child.pid!;
    const idle = rssMiB(pid);
    await phase(pid, `${count(SINGLE_WRITES)} single writes`, () => writeLatency(db));
    await phase(pid, `${count(BULK)} batched writes`, async () => {
      const rate = await fill(db, 'bulk', BULK);
      line(
        'batched writes (500 per batch, 4 in flight)',
        `${Math.round(rate).toLocaleString('en')} docs/s`,
      );
    });
    await phase(pid, `${QUERIES * 2} limit-50 queries`, () => orderedQuery(db));
    await phase(pid, `${COMMITS} commits x ${LISTENERS} listeners`, async () => {
      await listenLatency(db);
    });
    await phase(pid, `${COMMITS} commits x ${LISTENERS} raw listeners`, () =>
      rawListenLatency(db, emulator.hostPort),
    );
    await fill(db, 'big', BIG);
    line(
      `RSS idle / with ~${count(SINGLE_WRITES + BULK + BIG)} documents`,
      `${idle.toFixed(0)} MiB / ${rssMiB(child.pid!).toFixed(0)} MiB`,
    );
  } finally {
    await close();
    await stop(child);
  }
}

await main();
