/**
 * Benchmarks of the functions in the local stack (run by `npm run bench` under emulators:exec):
 *  1. status write → reporter's notification document, latency p50/p95 (goal p95 < 1 s);
 *  2. document reads per trigger run, from the Firestore emulator's usage endpoint;
 *  3. lateness of the scheduled publishing job as the local stack runs it (callable every minute).
 */
import { Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { benchSize } from '@campus-safety/testkit/bench';
import {
  PORTS,
  PROJECT,
  account,
  auth,
  closeAll,
  db,
  reporter,
  unique,
  waitFor,
} from '../test/integration/stack';
import { saveCampuses, saveVocabularies } from '@campus-safety/testkit/institution';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? benchSize(40, 3));
const WARMUP = benchSize(3, 1);
/** The scheduler's cadence: Cloud Scheduler's minute, or a few seconds for the smoke run. */
const CADENCE_MS = benchSize(60_000, 5_000);
const usageUrl = `http://127.0.0.1:${PORTS.firestore}/emulator/v1/projects/${PROJECT}/usage`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
function summary(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: percentile(s, 50),
    p95: percentile(s, 95),
    max: s[s.length - 1] ?? NaN,
  };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A report as the app writes it: its reporter is found by uid (`reporterId`). */
async function newIncident(reporterId: string) {
  const ref = db.collection(COLLECTIONS.incidentReports).doc(unique('bench'));
  await ref.set({
    timestamp: Timestamp.fromMillis(Date.now() - 10 * 60_000),
    geoLoc: { latitude: 14.6, longitude: 121 },
    nearestCampus: 'main',
    status: 'Reported',
    isArchived: false,
    reporterId,
    incidentType: 'Fire',
    tags: [],
  });
  return ref;
}

/** Time from the status write until the reporter's notification for it exists (seen by a listener). */
async function statusLatency(): Promise<number[]> {
  const rep = await reporter(['bench-device']);
  const notifications = db
    .collection(COLLECTIONS.users)
    .doc(rep.uid)
    .collection(COLLECTIONS.notifications);
  const latencies: number[] = [];
  for (let i = 0; i < SAMPLES + WARMUP; i++) {
    const ref = await newIncident(rep.uid);
    // The first runs include cold starts of the trigger runtimes: give them time.
    await waitFor(
      async () => (await notifications.where('type_id', '==', ref.id).get()).size,
      (n) => n === 1,
      90_000,
    );
    const seen = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('notification did not arrive in 90 s')),
        90_000,
      );
      const stop = notifications
        .where('type_id', '==', ref.id)
        .where('color', '==', 'orange')
        .onSnapshot((snap) => {
          if (snap.size > 0) {
            clearTimeout(timer);
            stop();
            resolve(performance.now());
          }
        }, reject);
    });
    await sleep(100); // let the listener's first (empty) snapshot arrive before the write
    const start = performance.now();
    await ref.update({
      status: 'Processing',
      assignedTo: { id: 'b', displayName: 'Bench', email: 'b@x.y' },
    });
    const at = await seen;
    if (i >= WARMUP) latencies.push(at - start);
  }
  return latencies;
}

type Usage = {
  totals: { reads: number; writes: number };
  collections: Record<string, { reads: number; writes: number }>;
};
async function usage(method: 'GET' | 'DELETE' = 'GET'): Promise<Usage> {
  const res = await fetch(usageUrl, { method });
  if (!res.ok) throw new Error(`usage endpoint answered ${res.status}`);
  return (await res.json()) as Usage;
}

/** Reads the emulator counted while one trigger chain ran, with nothing else reading. */
async function readsDuring(label: string, act: () => Promise<unknown>, quietMs = 2500) {
  await sleep(quietMs);
  await usage('DELETE');
  await act();
  await sleep(quietMs);
  const u = await usage();
  const perCollection = Object.fromEntries(
    Object.entries(u.collections).map(([k, v]) => [k, `${v.reads}r/${v.writes}w`]),
  );
  return { label, reads: u.totals.reads, writes: u.totals.writes, perCollection };
}

/**
 * Each trigger is run once to warm its runtime (a cold start would spill its work past the
 * quiet window), then measured on a fresh document.
 */
async function readsPerTrigger() {
  const rep = await reporter(['bench-device']);
  const accomplishment = (threatLevel: string) => ({
    title: 'T',
    description: 'D',
    resolveCode: 'No action needed',
    timestamp: Timestamp.now(),
    isArchived: false,
    threatLevel,
  });
  // prepare() runs before the quiet window (its own trigger runs are not counted); act() is the
  // single write whose trigger chain is measured.
  const kinds: { label: string; prepare: () => Promise<() => Promise<unknown>> }[] = [
    {
      label: 'incident created (notification + push)',
      prepare: async () => () => newIncident(rep.uid),
    },
    {
      label: 'status → Processing (timing, history, notification, push)',
      prepare: async () => {
        const ref = await newIncident(rep.uid);
        return () => ref.update({ status: 'Processing' });
      },
    },
    {
      label: 'accomplishment written (copy, threat level)',
      prepare: async () => {
        const ref = await newIncident(rep.uid);
        return () =>
          ref
            .collection(COLLECTIONS.accomplishmentReports)
            .doc(unique('acc'))
            .set(accomplishment('High'));
      },
    },
    {
      label: 'user written (claims, lower-case name)',
      prepare: async () => {
        const user = await auth.createUser({
          email: `${unique('bench')}@campus.test`,
          password: 'secret-123',
        });
        return () =>
          db
            .collection(COLLECTIONS.users)
            .doc(user.uid)
            .set({ firstName: 'Bench', role: 'IMT', campus: 'main', isArchived: false });
      },
    },
  ];
  for (const kind of kinds) await (await kind.prepare())(); // warm-up: no cold start in the figures
  const quietMs = benchSize(3000, 500);
  await sleep(quietMs);
  const rows = [];
  for (const kind of kinds) rows.push(await readsDuring(kind.label, await kind.prepare(), quietMs));
  return rows;
}

/**
 * Runs the job through the Admin's publishScheduledNow callable (the same publishing code the
 * scheduled function runs; here the calls fall on minute boundaries, as Cloud Scheduler's do) and
 * measures publishedAt − scheduled time.
 */
async function schedulerLateness() {
  const offsets = benchSize([5, 15, 25, 35, 45, 55], [30]).map((s) => (s * CADENCE_MS) / 60);
  const base = Date.now();
  const refs = await Promise.all(
    offsets.map(async (offset) => {
      const ref = db.collection(COLLECTIONS.articles).doc(unique('sched'));
      await ref.set({
        title: 'Scheduled bench',
        description: 'Bench',
        isArchived: false,
        isScheduled: true,
        timestamp: Timestamp.fromMillis(base + offset),
      });
      return ref;
    }),
  );
  const admin = await account({ role: 'Admin' });
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();
  const tick = () => {
    timer = setTimeout(
      () => {
        inFlight = admin
          .call('publishScheduledNow')
          .catch((error) => console.error('publishScheduledNow failed', error));
        tick();
      },
      CADENCE_MS - (Date.now() % CADENCE_MS),
    );
  };
  tick();
  try {
    const docs = await waitFor(
      () => Promise.all(refs.map(async (r) => (await r.get()).data())),
      (all) => all.every((d) => d?.isScheduled === false),
      150_000,
    );
    // Lateness as users see it, and the job's own share: time past the first tick at or after the
    // due time (the local scheduler ticks on minute boundaries, as Cloud Scheduler does).
    return docs.map((d) => {
      const due = (d!.timestamp as Timestamp).toMillis();
      const published = (d!.publishedAt as Timestamp).toMillis();
      return {
        lateness: published - due,
        afterTick: published - Math.ceil(due / CADENCE_MS) * CADENCE_MS,
      };
    });
  } finally {
    clearTimeout(timer);
    await inFlight;
    await closeAll();
  }
}

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

async function main() {
  // The demo institution's campuses, as the seed saves them: reports and alerts name them.
  await saveCampuses(db);
  await saveVocabularies(db);
  console.log(`\n== functions bench (project ${PROJECT}) ==`);
  const latency = summary(await statusLatency());
  console.log(
    `status write → notification doc: n=${latency.n} p50=${fmt(latency.p50)} p95=${fmt(latency.p95)} max=${fmt(latency.max)} (goal p95 < 1000 ms: ${latency.p95 < 1000 ? 'met' : 'NOT met'})`,
  );
  // The usage endpoint is our emulator's; Google's has none.
  if ((await fetch(usageUrl).catch(() => null))?.ok && process.env.BENCH_SKIP_READS !== '1') {
    console.log(
      'document reads per trigger run (emulator usage endpoint, whole chain incl. echo runs):',
    );
    for (const row of await readsPerTrigger()) {
      console.log(
        `  ${row.label}: ${row.reads} reads, ${row.writes} writes  ${JSON.stringify(row.perCollection)}`,
      );
    }
  }
  if (process.env.BENCH_SKIP_SCHEDULER !== '1') {
    const runs = await schedulerLateness();
    const lateness = summary(runs.map((r) => r.lateness));
    const afterTick = summary(runs.map((r) => r.afterTick));
    console.log(
      `scheduled job lateness (publishedAt − scheduled time, ${CADENCE_MS / 1000} s cadence): n=${lateness.n} p50=${fmt(lateness.p50)} p95=${fmt(lateness.p95)} max=${fmt(lateness.max)}`,
    );
    console.log(
      `  of which after the minute tick (the job's own run time): p50=${fmt(afterTick.p50)} max=${fmt(afterTick.max)}`,
    );
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
