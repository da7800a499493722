/**
 * `npm run bench:sos` (issue 32's figures): the time from an SOS pressed in the app to the banner
 * on the console of its campus's IMT, over 20 presses (p50/p95), and from an assignment page to
 * its SMS record. Each SOS is written as the app writes it (the emergency and its hourly quota in
 * one batch, through the web SDK and the product's rules), each by a person of their own; the IMT's
 * console listens as the banner does (`openEmergenciesSpec`: open emergencies of the campus),
 * through the web SDK in Node. The page: a report assigned to an IMT with a phone verified for
 * alerts, timed from the assigning write to the SMS record the paging trigger queues. Runs under
 * emulators:exec (functions/scripts/run-integration.mjs sos), one engine per run.
 */
import { benchSize } from '@campus-safety/testkit/bench';
import { collection, onSnapshot, query, where } from 'firebase/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { appFix, pressSosAsApp } from '@campus-safety/testkit/app-emergency';
import { saveCampuses, saveVocabularies } from '@campus-safety/testkit/institution';
import { account, closeAll, db, unique, type SignedIn } from '../test/integration/stack';

const CAMPUS = 'north';
const PRESSES = benchSize(20, 3);
const PAGES = benchSize(10, 2);
const BOUND_MS = 60_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ENGINE = process.env.FIRESTORE_ENGINE ?? 'default';
const figures = (label: string, samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  console.log(
    `${label} (${ENGINE}): n=${s.length} p50=${percentile(s, 50)} ms p95=${percentile(s, 95)} ms max=${s.at(-1)} ms`,
  );
};

/** Resolves with the time a listener first recorded what `arrived` finds, or rejects after the bound. */
function arrival(arrived: () => number | undefined, what: string): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const check = setInterval(() => {
      const at = arrived();
      if (at !== undefined) {
        clearInterval(check);
        resolve(at);
      } else if (Date.now() - started > BOUND_MS) {
        clearInterval(check);
        reject(new Error(`${what} did not arrive within ${BOUND_MS} ms`));
      }
    }, 2);
  });
}

async function sosToBanner(imt: SignedIn) {
  const arrivals = new Map<string, number>();
  const banner = query(
    collection(imt.firestore, COLLECTIONS.emergencies),
    where('status', '==', 'open'),
    where('campus', '==', CAMPUS),
  );
  const stop = onSnapshot(banner, (snap) => {
    for (const change of snap.docChanges())
      if (change.type === 'added' && !arrivals.has(change.doc.id))
        arrivals.set(change.doc.id, Date.now());
  });
  const samples: number[] = [];
  try {
    for (let i = 0; i < PRESSES; i += 1) {
      const person = await account({ role: 'User', campus: CAMPUS });
      const pressed = Date.now();
      const id = await pressSosAsApp(person.firestore, person, {
        id: unique('sos'),
        campus: CAMPUS,
        fix: appFix(14.7566, 121.0447),
        emailVerified: true,
      });
      samples.push((await arrival(() => arrivals.get(id), id)) - pressed);
      // Answered, so the next press is the only open one (as a staff member acknowledges it).
      await db.collection(COLLECTIONS.emergencies).doc(id).update({ status: 'acknowledged' });
    }
  } finally {
    stop();
  }
  figures('SOS pressed → on the IMT console banner', samples);
}

async function pageToSms(imt: SignedIn) {
  await db.collection(COLLECTIONS.alertPhones).doc(imt.uid).set({ phone: '+16505550199' });
  const arrivals = new Map<string, number>();
  const stop = db
    .collection(COLLECTIONS.smsMessages)
    .where('to', '==', '+16505550199')
    .onSnapshot((snap) => {
      for (const change of snap.docChanges())
        if (change.type === 'added') arrivals.set(String(change.doc.get('text')), Date.now());
    });
  const samples: number[] = [];
  try {
    for (let i = 0; i < PAGES; i += 1) {
      const report = db.collection(COLLECTIONS.incidentReports).doc(unique('paged'));
      await report.set({
        timestamp: new Date(),
        geoLoc: { latitude: 14.7566, longitude: 121.0447 },
        nearestCampus: CAMPUS,
        status: 'Reported',
        isArchived: false,
        email: 'r@campus.test',
        incidentType: 'Fire',
      });
      const assigned = Date.now();
      await report.update({
        status: 'Processing',
        assignedTo: { id: imt.uid, displayName: 'Bench IMT', email: imt.email },
      });
      const at = await arrival(
        () => [...arrivals].find(([text]) => text.includes(report.id))?.[1],
        `the SMS of ${report.id}`,
      );
      samples.push(at - assigned);
    }
  } finally {
    stop();
  }
  figures('assignment page → its SMS record', samples);
}

async function main() {
  await Promise.all([saveCampuses(db), saveVocabularies(db)]);
  const imt = await account({ role: 'IMT', campus: CAMPUS });
  await sosToBanner(imt);
  await pageToSms(imt);
  await closeAll();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
