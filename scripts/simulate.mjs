/**
 * `npm run simulate -- --count N --rate R`: new incident reports, written as the mobile app
 * writes them: signed in as a seeded reporter through the Auth emulator, with the web SDK,
 * under the security rules. Watch the console's live lists and new-incident alert meanwhile.
 */
import { INCIDENT_TYPES, randomPointInCampus } from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import { initializeApp, deleteApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword, signOut } from 'firebase/auth';
import {
  connectFirestoreEmulator,
  getFirestore,
  serverTimestamp,
  terminate,
} from 'firebase/firestore';
import { fileReportAsApp } from '@campus-safety/testkit/app-report';
import { PROJECT_ID, emulatorEndpoints } from './lib/paths.mjs';
import { SIMULATE_USAGE, parseSimulateArgs } from './lib/simulate-args.mjs';
import { REPORTERS } from './seed/accounts.mjs';
import { PLACES, pick } from './seed/campuses.mjs';

const DESCRIPTIONS = [
  (place) => `Reported from the app near ${place}.`,
  (place) => `Please send someone to ${place}, it looks serious.`,
  (place) => `Noticed this just now at ${place}.`,
];

/** One app install: its own Firebase app instance signed in as one reporter. */
async function openReporterSession(reporter, endpoints, index) {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'fake-api-key' }, `reporter-${index}`);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${endpoints.auth.host}:${endpoints.auth.port}`, {
    disableWarnings: true,
  });
  const db = getFirestore(app);
  connectFirestoreEmulator(db, endpoints.firestore.host, endpoints.firestore.port);
  await signInWithEmailAndPassword(auth, reporter.email, reporter.password);
  return {
    reporter,
    async report() {
      const campus = pick(DEMO_CAMPUSES, Math.random);
      const incidentType = pick(INCIDENT_TYPES, Math.random);
      // With its count in the reporter's hourly quota, as the app files it (testkit/app-report).
      const ref = await fileReportAsApp(db, auth.currentUser.uid, {
        timestamp: serverTimestamp(),
        geoLoc: randomPointInCampus(campus, Math.random),
        nearestCampus: campus.id,
        status: 'Reported',
        isArchived: false,
        email: reporter.email,
        reporterId: auth.currentUser.uid,
        incidentType,
        description: pick(DESCRIPTIONS, Math.random)(pick(PLACES, Math.random)),
      });
      return { id: ref.id, campus, incidentType };
    },
    async close() {
      await signOut(auth);
      await terminate(db);
      await deleteApp(app);
    },
  };
}

async function main() {
  const options = parseSimulateArgs(process.argv.slice(2));
  if (options.help) {
    console.log(SIMULATE_USAGE);
    return;
  }
  const endpoints = emulatorEndpoints();
  const reporters = REPORTERS.filter((r) => !r.isArchived);
  let sessions;
  try {
    sessions = await Promise.all(reporters.map((r, i) => openReporterSession(r, endpoints, i)));
  } catch (error) {
    throw new Error(
      `Could not sign in as the seeded reporters (${error.code ?? error.message}). ` +
        'Is the stack running (npm start) with its demo data?',
    );
  }
  const gapMs = 1000 / options.rate;
  console.log(`Creating ${options.count} incident report(s), ${options.rate}/s ...`);
  let failures = 0;
  try {
    for (let i = 0; i < options.count; i += 1) {
      const started = Date.now();
      const session = sessions[i % sessions.length];
      try {
        const { id, campus, incidentType } = await session.report();
        console.log(
          `  ${i + 1}/${options.count} ${incidentType} at ${campus} by ${session.reporter.email} (${id})`,
        );
      } catch (error) {
        failures += 1;
        console.error(`  ${i + 1}/${options.count} failed: ${error.code ?? ''} ${error.message}`);
      }
      const wait = gapMs - (Date.now() - started);
      if (i + 1 < options.count && wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  } finally {
    await Promise.all(sessions.map((s) => s.close()));
  }
  if (failures) throw new Error(`${failures} of ${options.count} report(s) failed.`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error.message);
    process.exit(1);
  },
);
