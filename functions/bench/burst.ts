/**
 * `npm run bench:burst` (issue 22): a campus-wide emergency. N reports (default 2,000) from one
 * campus within M minutes (default 10), each filed as the app files it: through the web SDK, by
 * one of many signed-in reporters with verified emails, under the product's rules. Meanwhile a
 * console's listeners are open through the web SDK in Node: Home (stats shards, the latest
 * reports) and the reports list (a page of 25) as an IMT of the campus and as an Admin, and the
 * new-incident watch. An overdue report is planted before the burst and the housekeeping job is
 * called every minute, as Cloud Scheduler would. At the end it prints the issue's figures and a
 * last line saying which goals were met. Flags: `--reports N --minutes M` (quick run: 300, 2).
 * Runs under emulators:exec (functions/scripts/run-integration.mjs burst), one engine per run.
 */
import { benchSize } from '@campus-safety/testkit/bench';
import { readFileSync } from 'node:fs';
import { deleteApp, initializeApp, onLog, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  serverTimestamp,
  Timestamp as WebTimestamp,
  where,
  type Firestore as WebFirestore,
  type Unsubscribe,
} from 'firebase/firestore';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { Timestamp } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  DEFAULT_ESCALATION_POLICY,
  FUNCTIONS_REGION,
  INCIDENT_STATS_DAYS,
  LIMITS,
  PROGRAMME_TIME_ZONE,
  dayInZone,
  escalationTimeline,
  incidentStatsId,
  responseTargetFor,
  type Role,
} from '@campus-safety/model';
import { fileReportAsApp } from '@campus-safety/testkit/app-report';
import { PORTS, PROJECT, auth, db, unique } from '../test/integration/stack';
import {
  addCounters,
  countersIn,
  pruneCounters,
  type Counters,
} from '../src/domain/incident-stats';
import { saveCampuses, saveVocabularies } from '@campus-safety/testkit/institution';

const CAMPUS = 'north';
const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
};
const REPORTS = flag('reports', benchSize(2000, 20));
const MINUTES = flag('minutes', benchSize(10, 0.25));
/** Reporters: each files a few (well under the hourly quota), as in a real emergency. */
const REPORTERS = Math.max(1, Math.ceil(REPORTS / Math.min(4, LIMITS.reportsPerReporterPerHour)));
const usageUrl = `http://127.0.0.1:${PORTS.firestore}/emulator/v1/projects/${PROJECT}/usage`;
const engine = process.env.FIRESTORE_ENGINE ?? 'auto';

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
}
const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : 'n/a');

interface Session {
  uid: string;
  email: string;
  app: FirebaseApp;
  firestore: WebFirestore;
  call<T>(name: string, data?: unknown): Promise<T>;
}

/** A verified account with its role's claims and users doc, signed in with the web SDK. */
async function session(role: Role, campus: string | null): Promise<Session> {
  const email = `${unique(role.toLowerCase())}@burst.test`;
  const password = 'burst-secret-1';
  const user = await auth.createUser({ email, password, emailVerified: true });
  if (role !== 'User') await auth.setCustomUserClaims(user.uid, { role, campus });
  await db
    .collection(COLLECTIONS.users)
    .doc(user.uid)
    .set({
      firstName: role === 'User' ? 'Rita' : 'Burst',
      firstNameLowerCase: role === 'User' ? 'rita' : 'burst',
      lastName: role,
      email,
      role,
      campus,
      isArchived: false,
      isUsingDefaultPassword: false,
      deviceToken: [],
    });
  const app = initializeApp(
    { apiKey: 'fake-api-key', projectId: PROJECT, authDomain: `${PROJECT}.firebaseapp.com` },
    unique('burst'),
  );
  const webAuth = getAuth(app);
  connectAuthEmulator(webAuth, `http://127.0.0.1:${PORTS.auth}`, { disableWarnings: true });
  await signInWithEmailAndPassword(webAuth, email, password);
  const firestore = getFirestore(app);
  connectFirestoreEmulator(firestore, '127.0.0.1', PORTS.firestore);
  const functions = getFunctions(app, FUNCTIONS_REGION);
  connectFunctionsEmulator(functions, '127.0.0.1', PORTS.functions);
  return {
    uid: user.uid,
    email,
    app,
    firestore,
    call: async <T>(name: string, data?: unknown) =>
      (await httpsCallable<unknown, T>(functions, name)(data)).data,
  };
}

async function reads(): Promise<number | null> {
  try {
    const usage = (await (await fetch(usageUrl)).json()) as { totals?: { reads?: number } };
    return usage.totals?.reads ?? null;
  } catch {
    return null;
  }
}

/**
 * A console screen's live queries for one staff session; counts the documents its listeners
 * received (what the screen is billed for: the first answer and every change after it).
 */
function openConsole(s: Session, role: 'IMT' | 'Admin', seen: Map<string, number>) {
  const reports = collection(s.firestore, COLLECTIONS.incidentReports);
  const scoped = (q: ReturnType<typeof where>[]) =>
    role === 'IMT' ? [where('nearestCampus', '==', CAMPUS), ...q] : q;
  const since = WebTimestamp.now();
  const screens = {
    'Home (stats)':
      role === 'IMT'
        ? query(collection(s.firestore, COLLECTIONS.incidentStats), where('campus', '==', CAMPUS))
        : query(collection(s.firestore, COLLECTIONS.incidentStats)),
    'Home (latest 5)': query(
      reports,
      ...scoped([where('isArchived', '==', false)]),
      orderBy('timestamp', 'desc'),
      limit(5),
    ),
    'Reports list (page of 25)': query(
      reports,
      ...scoped([where('isArchived', '==', false)]),
      orderBy('timestamp', 'desc'),
      limit(25),
    ),
    'New-incident watch': query(
      reports,
      ...scoped([where('isArchived', '==', false), where('timestamp', '>=', since)]),
      orderBy('timestamp', 'desc'),
    ),
  };
  const docsReceived: Record<string, number> = {};
  /** Listeners the engine broke off (each stops receiving: its screen would show an error). */
  const failed: string[] = [];
  const stops: Unsubscribe[] = [];
  for (const [name, q] of Object.entries(screens)) {
    docsReceived[name] = 0;
    stops.push(
      onSnapshot(
        q,
        (snap) => {
          docsReceived[name]! += snap.docChanges().length;
          if (name !== 'New-incident watch') return;
          const now = Date.now();
          for (const change of snap.docChanges())
            if (change.type === 'added' && !seen.has(change.doc.id)) seen.set(change.doc.id, now);
        },
        (error) => {
          failed.push(`${role} ${name}: ${error.code}`);
          console.error(`${role} ${name} listener failed:`, error.message);
        },
      ),
    );
  }
  return { docsReceived, failed, stop: () => stops.forEach((u) => u()) };
}

/** The shards of a stats doc, summed (as the console sums them). */
async function summedStats(day: string | null): Promise<Counters> {
  const stats = db.collection(COLLECTIONS.incidentStats);
  const shards =
    day === null
      ? await stats.where('campus', '==', CAMPUS).get()
      : await stats
          .doc(incidentStatsId(CAMPUS))
          .collection(INCIDENT_STATS_DAYS)
          .where('day', '==', day)
          .get();
  const total: Counters = {};
  for (const shard of shards.docs) addCounters(total, countersIn(shard.data()));
  return pruneCounters(total) ?? {};
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function main() {
  // The demo institution's campuses, as the seed saves them: reports and alerts name them.
  await saveCampuses(db);
  await saveVocabularies(db);
  console.log(
    `bench:burst on ${engine}: ${REPORTS} reports from ${CAMPUS} in ${MINUTES} min by ${REPORTERS} reporters`,
  );
  const admin = await session('Admin', null);
  const imt = await session('IMT', CAMPUS);
  const reporters: Session[] = [];
  for (let i = 0; i < REPORTERS; i += 1) reporters.push(await session('User', null));

  // The planted overdue report: its escalation's first step (the default policy's, minutes after
  // the assignment target passed) is due 90 s after the burst starts, half-way between two of
  // the minutely housekeeping runs (0, 60, 120 s…), so on time means the 120 s run escalates it.
  const target = responseTargetFor(null).assignWithinMinutes;
  const firstStep = escalationTimeline(DEFAULT_ESCALATION_POLICY, null)[0]!.atMinutes;
  const planted = db.collection(COLLECTIONS.incidentReports).doc(unique('overdue'));
  const dueAt = Date.now() + 90_000;
  await planted.set({
    timestamp: Timestamp.fromMillis(dueAt - (target + firstStep) * 60_000),
    geoLoc: { latitude: 14.65, longitude: 121.07 },
    nearestCampus: 'main',
    status: 'Reported',
    isArchived: false,
    email: 'planted@burst.test',
    reporterId: 'planted-reporter',
    incidentType: 'Medical Emergency',
  });

  const alertedImt = new Map<string, number>();
  const alertedAdmin = new Map<string, number>();
  const readsBefore = await reads();
  const consoles = {
    IMT: openConsole(imt, 'IMT', alertedImt),
    Admin: openConsole(admin, 'Admin', alertedAdmin),
  };

  // Housekeeping every minute, as Cloud Scheduler runs it.
  const runHousekeeping = () =>
    void admin.call('runHousekeeping').catch((e: Error) => console.error('housekeeping', e));
  runHousekeeping();
  const scheduler = setInterval(runHousekeeping, 60_000);

  // Stream errors, as the web SDK logs them: it reconnects by itself, so no listener sees an
  // error, but its screen is stale until the reconnect (at the SDK's backoff).
  const brokenStreams = new Map<string, number>();
  onLog(
    ({ message }) => {
      const broken =
        /GrpcConnection RPC '(\w+)' stream \S+ error\. Code: \d+ Message: \d+ (\w+)/.exec(message);
      if (broken) {
        const key = `${broken[1]} ${broken[2]}`;
        brokenStreams.set(key, (brokenStreams.get(key) ?? 0) + 1);
      }
    },
    { level: 'warn' },
  );

  const written = new Map<string, number>();
  const refused: { id: string; at: number; message: string }[] = [];
  const interval = (MINUTES * 60_000) / REPORTS;
  const started = Date.now();
  const filing: Promise<void>[] = [];
  for (let i = 0; i < REPORTS; i += 1) {
    const wait = started + i * interval - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const rep = reporters[i % REPORTERS]!;
    const ref = doc(collection(rep.firestore, COLLECTIONS.incidentReports));
    const at = Date.now();
    filing.push(
      fileReportAsApp(
        rep.firestore,
        rep.uid,
        {
          timestamp: serverTimestamp(),
          geoLoc: { latitude: 14.65 + (i % 50) / 1e4, longitude: 121.07 + (i % 37) / 1e4 },
          nearestCampus: CAMPUS,
          status: 'Reported',
          isArchived: false,
          email: rep.email,
          reporterId: rep.uid,
          incidentType: i % 3 ? 'Fire' : 'Medical Emergency',
          description: `Burst report ${i}`,
        },
        ref,
      ).then(
        () => void written.set(ref.id, at),
        (e: Error) => void refused.push({ id: ref.id, at, message: e.message }),
      ),
    );
  }
  await Promise.all(filing);
  // A write whose stream broke after its commit is retried by the SDK and then refused (the report
  // exists, and reporters may not update it): the report was filed, so it counts as written.
  const committed = (
    await Promise.all(
      refused.map(async (r) =>
        (await db.collection(COLLECTIONS.incidentReports).doc(r.id).get()).exists ? r : null,
      ),
    )
  ).filter((r) => r !== null);
  for (const r of committed) written.set(r.id, r.at);
  const filedIn = (Date.now() - started) / 1000;
  console.log(
    `filed ${written.size} reports in ${filedIn.toFixed(0)} s (${refused.length - committed.length} refused; ${committed.length} reported refused by the SDK but committed)`,
  );

  // Wait for the consequences (bounded): every report alerted and its reporter notified.
  const notifiedAt = new Map<string, number>();
  const notificationCount = new Map<string, number>();
  const countNotifications = async () => {
    notificationCount.clear();
    for (const rep of reporters) {
      const list = await db
        .collection(COLLECTIONS.users)
        .doc(rep.uid)
        .collection(COLLECTIONS.notifications)
        .where('type', '==', 'report')
        .get();
      for (const n of list.docs) {
        const id = n.get('type_id') as string;
        notificationCount.set(id, (notificationCount.get(id) ?? 0) + 1);
        const ts = n.get('timestamp') as Timestamp | undefined;
        if (ts && !notifiedAt.has(id)) notifiedAt.set(id, ts.toMillis());
      }
    }
    return [...written.keys()].every((id) => notificationCount.has(id));
  };
  await until(
    async () => [...written.keys()].every((id) => alertedImt.has(id) && alertedAdmin.has(id)),
    10 * 60_000,
  );
  const allNotified = await until(countNotifications, 15 * 60_000);
  // The stats trigger has caught up when the campus total counts every report.
  const caughtUp = await until(
    async () => ((await summedStats(null)).total as number | undefined) === written.size,
    15 * 60_000,
  );
  const readsAfter = await reads();
  clearInterval(scheduler);
  consoles.IMT.stop();
  consoles.Admin.stop();

  // Figures: the summed shards against the rebuild's recount (which writes the totals to shard 0).
  const today = dayInZone(Date.now(), PROGRAMME_TIME_ZONE);
  const kept = { campus: await summedStats(null), day: await summedStats(today) };
  await admin.call('rebuildIncidentStats');
  const recount = { campus: await summedStats(null), day: await summedStats(today) };
  // Compared with sorted keys: the shards' sum and the rebuild list the buckets in other orders.
  const canonical = (value: unknown): unknown =>
    value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : value;
  const exact = JSON.stringify(canonical(kept)) === JSON.stringify(canonical(recount));

  const escalatedAt = (await planted.get()).get('escalatedAt') as Timestamp | null | undefined;
  const escalationLate =
    escalatedAt instanceof Timestamp ? (escalatedAt.toMillis() - dueAt) / 1000 : null;

  const latency = (alerted: Map<string, number>) =>
    [...written].filter(([id]) => alerted.has(id)).map(([id, at]) => alerted.get(id)! - at);
  const alertImt = latency(alertedImt);
  const alertAdmin = latency(alertedAdmin);
  const notify = [...written]
    .filter(([id]) => notifiedAt.has(id))
    .map(([id, at]) => notifiedAt.get(id)! - at);
  const exactlyOnce = [...written.keys()].every((id) => notificationCount.get(id) === 1);
  const duplicates = [...notificationCount.values()].filter((n) => n > 1).length;

  // Hot documents: our emulator's --report-hotspots summary (firestore-debug.log), on ours only.
  let hotspots = 'n/a (Google’s emulator reports none)';
  let noHotspots: boolean | null = null;
  if (engine === 'own') {
    try {
      const log = readFileSync('firestore-debug.log', 'utf8');
      const hot = log.split('\n').filter((l) => l.startsWith('Hotspot: '));
      noHotspots = hot.length === 0;
      hotspots = noHotspots ? 'none' : hot.map((l) => l.slice(0, 160)).join('\n  ');
    } catch (error) {
      hotspots = `firestore-debug.log unreadable: ${(error as Error).message}`;
    }
  }

  const p95Alert = Math.max(percentile(alertImt, 95), percentile(alertAdmin, 95));
  console.table({
    'report → IMT alert': {
      p50: ms(percentile(alertImt, 50)),
      p95: ms(percentile(alertImt, 95)),
      max: ms(Math.max(...alertImt)),
    },
    'report → Admin alert': {
      p50: ms(percentile(alertAdmin, 50)),
      p95: ms(percentile(alertAdmin, 95)),
      max: ms(Math.max(...alertAdmin)),
    },
    'report → reporter notified': {
      p50: ms(percentile(notify, 50)),
      p95: ms(percentile(notify, 95)),
      max: ms(Math.max(...notify)),
    },
  });
  console.log(
    `notifications: ${notificationCount.size} of ${written.size} reports notified, ${duplicates} more than once (all notified: ${allNotified})`,
  );
  console.log(`figures exact against the recount: ${exact} (trigger caught up: ${caughtUp})`);
  console.log(
    `planted overdue report: ${escalationLate === null ? 'not escalated' : `escalated ${escalationLate.toFixed(0)} s after it was due`}`,
  );
  console.log('documents received per console screen during the burst:');
  console.table({ IMT: consoles.IMT.docsReceived, Admin: consoles.Admin.docsReceived });
  console.log(
    `reads billed by the emulator during the burst (all clients and triggers): ${readsBefore === null || readsAfter === null ? 'n/a' : readsAfter - readsBefore}`,
  );
  console.log(`hot documents (> 1 write/s over 10 s): ${hotspots}`);
  const brokenListeners = [...consoles.IMT.failed, ...consoles.Admin.failed];
  console.log(
    `console listeners broken off by the engine: ${brokenListeners.length === 0 ? 'none' : brokenListeners.join('; ')}`,
  );
  console.log(
    `stream errors the SDK logged (it reconnects or retries by itself): ${brokenStreams.size === 0 ? 'none' : [...brokenStreams].map(([what, n]) => `${what} × ${n}`).join(', ')}`,
  );
  if (refused.length > 0)
    console.log(
      `refused writes (first 3):\n  ${refused
        .slice(0, 3)
        .map((r) => `${r.id}: ${r.message.split('\n')[0]}`)
        .join('\n  ')}`,
    );

  const goals = {
    'alert p95 ≤ 2 s': p95Alert <= 2000 && brokenListeners.length === 0,
    'every report filed': refused.length === committed.length,
    'notified exactly once': allNotified && exactlyOnce,
    'figures exact': exact && caughtUp,
    'overdue escalated within a minute': escalationLate !== null && escalationLate <= 60,
    'no hot document': noHotspots,
  };
  const met = Object.entries(goals)
    .map(([goal, ok]) => `${goal}: ${ok === null ? 'not measured' : ok ? 'met' : 'NOT met'}`)
    .join('; ');
  await Promise.all([admin, imt, ...reporters].map((s) => deleteApp(s.app)));
  console.log(`Goals (${engine}): ${met}`);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
