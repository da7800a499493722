/**
 * Read cost of the dashboard (issue 12 item 2), measured: seeds BENCH_REPORTS reports (default
 * 10,000) over the last year on every campus into a private instance of our Firestore emulator
 * (its usage endpoint counts document reads; Google's has none), builds the aggregates with the
 * Admin rebuild (the same service the `rebuildIncidentStats` callable runs: every total in shard
 * 0), then resolves the reports of the last 30 days through the trigger's own service, which
 * spreads those days over the shards as a busy month would. It issues the console's queries for a
 * 30-day and a 1-year view, as an Admin (all campuses) and as an IMT (one campus), before and
 * after the fold of past days (foldPastStatsDays), and prints the reads the emulator counted, next
 * to what reading the reports themselves would cost and the formula for any number of reports.
 *
 *   npm run bench:dashboard            (BENCH_REPORTS=1000 for a quick run)
 */
import { benchSize } from '@campus-safety/testkit/bench';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  INCIDENT_STATS_DAYS,
  INCIDENT_STATS_SHARDS,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  PROGRAMME_TIME_ZONE,
  THREAT_LEVELS,
  addDays,
  dayInZone,
  daysOf,
  fromDateTimeLocal,
  incidentStatsId,
  presetRange,
  type DayRange,
} from '@campus-safety/model';
import { freePort } from '@campus-safety/testkit/ports';
import { becomesTrue } from '@campus-safety/testkit/wait';
import {
  applyIncidentStatsChange,
  foldStatsDaysBefore,
  rebuildIncidentStats,
} from '../src/services/incident-stats';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';

const REPORTS = Number(process.env.BENCH_REPORTS ?? benchSize(10_000, 300));
if (!Number.isInteger(REPORTS) || REPORTS < 1 || REPORTS > 200_000)
  throw new RangeError('BENCH_REPORTS must be a whole number in 1..200000.');
const PROJECT = 'demo-dashboard-reads';
const DAY_MS = 86_400_000;
/** The demo institution's campus ids (the bench's reports and scopes). */
const CAMPUS_IDS = DEMO_CAMPUSES.map((c) => c.id);

async function startEmulator(): Promise<{ host: string; stop: () => void }> {
  const port = await freePort();
  const bundle = join(__dirname, '../../emulator/dist/firestore-emulator.js');
  const child = spawn(
    process.execPath,
    [bundle, '--host', '127.0.0.1', '--port', String(port), '--project_id', PROJECT],
    { stdio: 'ignore', env: { ...process.env, NODE_OPTIONS: '' } },
  );
  const up = await becomesTrue(
    async () => (await fetch(`http://127.0.0.1:${port}/`).catch(() => null))?.ok === true,
    { timeoutMs: 30_000, abort: () => child.exitCode !== null },
  );
  if (!up) {
    child.kill('SIGKILL');
    throw new Error('Our Firestore emulator did not start (npm run build -w emulator?).');
  }
  return { host: `127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

async function seed(db: Firestore, now: number): Promise<void> {
  let state = 12_345;
  const random = () => ((state = (state * 16807) % 2147483647) - 1) / 2147483646;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const writer = db.bulkWriter();
  for (let i = 0; i < REPORTS; i++) {
    const status = pick(INCIDENT_STATUSES);
    const assigned = status !== 'Reported' && status !== 'Declined';
    const responded = status === 'Responded' || status === 'Resolved';
    void writer.set(db.collection(COLLECTIONS.incidentReports).doc(`bench-${i}`), {
      timestamp: Timestamp.fromMillis(now - Math.floor(random() * 365 * DAY_MS)),
      nearestCampus: pick(CAMPUS_IDS),
      status,
      isArchived: false,
      incidentType: pick(INCIDENT_TYPES),
      threatLevel: assigned ? pick(THREAT_LEVELS) : null,
      tags: assigned ? [pick(['night', 'repeat location', 'injury', 'vehicle'])] : [],
      ...(assigned ? { waitingTimeInMinutes: Math.floor(random() * 90) } : {}),
      ...(responded ? { responseTimeInMinutes: 5 + Math.floor(random() * 600) } : {}),
    });
  }
  await writer.close();
}

/**
 * Resolves every open report of the last 30 days, each stats change through the trigger's service
 * (two candidate shards per event, the less loaded one written), and the report with it.
 */
async function resolveLastMonth(db: Firestore, now: number): Promise<number> {
  const recent = await db
    .collection(COLLECTIONS.incidentReports)
    .where('timestamp', '>=', Timestamp.fromMillis(now - 30 * DAY_MS))
    .get();
  const open = recent.docs.filter((d) => d.get('status') !== 'Resolved');
  const writer = db.bulkWriter();
  for (const report of open) {
    const before = report.data();
    const after = { ...before, status: 'Resolved' };
    await applyIncidentStatsChange(
      db,
      { eventId: `bench-resolve-${report.id}`, before, after },
      PROGRAMME_TIME_ZONE,
    );
    void writer.update(report.ref, { status: 'Resolved' });
  }
  await writer.close();
  return open.length;
}

async function readsOf(host: string, work: () => Promise<unknown>): Promise<number> {
  const url = `http://${host}/emulator/v1/projects/${PROJECT}/usage`;
  await fetch(url, { method: 'DELETE' });
  await work();
  const usage = (await (await fetch(url)).json()) as { totals: { reads: number } };
  return usage.totals.reads;
}

/** The console's reads for one view: campus docs (open backlog) and the day docs of the period. */
function dashboardReads(db: Firestore, campuses: readonly string[], range: DayRange) {
  const stats = db.collection(COLLECTIONS.incidentStats);
  return Promise.all([
    campuses.length > 1 ? stats.get() : stats.where('campus', '==', campuses[0]!).get(),
    ...campuses.map((campus) =>
      stats
        .doc(incidentStatsId(campus))
        .collection(INCIDENT_STATS_DAYS)
        .where('day', '>=', range.from)
        .where('day', '<=', range.to)
        .get(),
    ),
  ]);
}

/** What a dashboard reading the reports themselves would read for the same view. */
function rawReads(db: Firestore, campuses: readonly string[], range: DayRange) {
  const start = fromDateTimeLocal(`${range.from}T00:00`, PROGRAMME_TIME_ZONE)!;
  let query = db
    .collection(COLLECTIONS.incidentReports)
    .where('timestamp', '>=', Timestamp.fromDate(start));
  if (campuses.length === 1) query = query.where('nearestCampus', '==', campuses[0]);
  return query.get();
}

async function main(): Promise<void> {
  const emulator = await startEmulator();
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  const app = initializeApp({ projectId: PROJECT }, 'bench-dashboard');
  const db = getFirestore(app);
  try {
    const now = Date.now();
    const started = performance.now();
    await seed(db, now);
    const seeded = performance.now();
    const rebuilt = await rebuildIncidentStats(db, PROGRAMME_TIME_ZONE);
    const built = performance.now();
    console.log(
      `${REPORTS} reports seeded in ${((seeded - started) / 1000).toFixed(1)} s; rebuild: ` +
        `${rebuilt.campuses} campus docs, ${rebuilt.days} day docs in ${((built - seeded) / 1000).toFixed(1)} s`,
    );
    const resolved = await resolveLastMonth(db, now);
    console.log(`${resolved} reports of the last 30 days resolved through the trigger's service`);
    const today = dayInZone(now, PROGRAMME_TIME_ZONE);
    const views = {
      '30 days': presetRange('30d', today),
      '1 year': { from: addDays(today, -364), to: today },
    } satisfies Record<string, DayRange>;
    const scopes = [
      ['Admin, all campuses', CAMPUS_IDS],
      ['IMT, one campus', [CAMPUS_IDS[1]!]],
    ] as const;
    const measure = async () => {
      const reads: Record<string, number> = {};
      for (const [name, range] of Object.entries(views))
        for (const [scope, campuses] of scopes)
          reads[`${name}|${scope}`] = await readsOf(emulator.host, () =>
            dashboardReads(db, campuses, range),
          );
      return reads;
    };
    const spread = await measure();
    const folded = await foldStatsDaysBefore(db, today);
    console.log(
      `fold: ${folded.days} past day docs folded, ${folded.removedShards} shards removed`,
    );
    const after = await measure();
    const rows = [];
    for (const [name, range] of Object.entries(views)) {
      for (const [scope, campuses] of scopes) {
        const days = daysOf(range).length;
        rows.push({
          view: name,
          scope,
          days,
          'reads, days spread': spread[`${name}|${scope}`],
          'reads after the fold': after[`${name}|${scope}`],
          'bound after the fold': campuses.length * (days - 1 + 2 * INCIDENT_STATS_SHARDS),
          'reading the reports instead': await readsOf(emulator.host, () =>
            rawReads(db, campuses, range),
          ),
        });
      }
    }
    console.table(rows);
    const S = INCIDENT_STATS_SHARDS;
    console.log(
      [
        'Formula (any number of reports N): reads = the shards of the campus docs (at most',
        `campuses × ${S}), of today (at most campuses × ${S}) and one doc per campus and past day with`,
        'a report, once the hourly fold has run: at most campuses × (days − 1 + 2 × shards).',
        `Unfolded, a day has up to ${S} shards (a day reaches several only with several writes).`,
        'A query that returns no document is billed 1 read. For N = 1,000,000 with 3 campuses that',
        `is at most 3 × (29 + ${2 * S}) = ${3 * (29 + 2 * S)} reads for 30 days and 3 × (364 + ${2 * S}) = ${3 * (364 + 2 * S)} for a year,`,
        'against every report of the period (about N × 30/365 ≈ 82,000, or all 1,000,000) when',
        'reading the reports. Live updates then cost one read per changed shard.',
      ].join('\n'),
    );
  } finally {
    await deleteApp(app);
    emulator.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
