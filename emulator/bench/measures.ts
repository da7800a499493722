/**
 * Measures shared by the emulator benchmarks (`run.ts` for our engine, `engines.ts` for ours
 * against Google's): process start, resident memory and commit-to-snapshot latency.
 */
import { benchSize } from '@campus-safety/testkit/bench';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import type { Firestore } from 'firebase-admin/firestore';
import { freePort } from '../test/support/emulator.js';

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
export const ms = (value: number) => `${value.toFixed(2)} ms`;
export const line = (label: string, value: string) => console.log(`${label.padEnd(52)} ${value}`);

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

export async function startProcess(
  command: string,
  args: string[],
): Promise<{ child: ChildProcess; port: number; startMs: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, [...args, '--host', '127.0.0.1', '--port', String(port)], {
    stdio: 'ignore',
  });
  while (!(await canConnect(port))) {
    if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return { child, port, startMs: performance.now() - started };
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The fan-out every listener bench measures: listeners of one document, commits to it. */
export const LISTENERS = benchSize(100, 10);
export const COMMITS = benchSize(50, 5);

/** Commit-to-snapshot latency over LISTENERS admin-SDK listeners of one document; returns the p50. */
export async function listenLatency(db: Firestore): Promise<number> {
  const ref = db.collection('live').doc('hot');
  await ref.set({ v: -1 });
  const listeners = LISTENERS;
  const arrivals = new Map<number, number[]>();
  const unsubscribes: (() => void)[] = [];
  let ready = 0;
  for (let l = 0; l < listeners; l++) {
    let first = true;
    unsubscribes.push(
      ref.onSnapshot((snap) => {
        if (first) {
          first = false;
          ready++;
          return;
        }
        const v = snap.get('v') as number;
        (arrivals.get(v) ?? arrivals.set(v, []).get(v)!).push(performance.now());
      }),
    );
  }
  while (ready < listeners) await new Promise((resolve) => setTimeout(resolve, 5));
  const perListener: number[] = [];
  const lastListener: number[] = [];
  for (let v = 0; v < COMMITS; v++) {
    const t = performance.now();
    await ref.set({ v });
    while ((arrivals.get(v)?.length ?? 0) < listeners)
      await new Promise((resolve) => setImmediate(resolve));
    const times = arrivals.get(v)!.map((at) => at - t);
    perListener.push(...times);
    lastListener.push(Math.max(...times));
  }
  unsubscribes.forEach((u) => u());
  line(
    `commit to snapshot, ${listeners} listeners (${COMMITS} commits)`,
    `p50 ${ms(percentile(perListener, 50))}, p99 ${ms(percentile(perListener, 99))}`,
  );
  line(
    `commit to snapshot at the last of ${listeners} listeners`,
    `p50 ${ms(percentile(lastListener, 50))}`,
  );
  return percentile(perListener, 50);
}

/** Resident memory of a process, from /proc. */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** Writes `count` small documents in batches; returns documents per second. */
export async function fill(
  db: Firestore,
  collection: string,
  count: number,
  batchSize = 500,
): Promise<number> {
  const started = performance.now();
  const inFlight: Promise<unknown>[] = [];
  for (let start = 0; start < count; start += batchSize) {
    const batch = db.batch();
    for (let i = start; i < Math.min(count, start + batchSize); i++) {
      batch.set(db.collection(collection).doc(`d${i}`), {
        n: (i * 7919) % count,
        group: i % 10,
        title: `document ${i}`,
      });
    }
    inFlight.push(batch.commit());
    if (inFlight.length >= 4) await inFlight.shift();
  }
  await Promise.all(inFlight);
  return (count / (performance.now() - started)) * 1000;
}
