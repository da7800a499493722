/**
 * firebase-admin against the stack's emulators, only to set up what the mobile app would do (a
 * reporter's new incident, a sign-up) and to observe server-side effects (notifications, pushes).
 * The stack sets FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST in this process.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { PROJECT_ID } from '@campus-safety/testkit/repo';
import { waitUntil } from '@campus-safety/testkit/wait';

export function openAdmin() {
  const app = initializeApp({ projectId: PROJECT_ID }, `e2e-${process.pid}`);
  return { db: getFirestore(app), auth: getAuth(app), close: () => deleteApp(app) };
}

const CAMPUS_CENTRES = {
  main: { latitude: 14.6549, longitude: 121.0645 },
  north: { latitude: 14.7566, longitude: 121.0447 },
  riverside: { latitude: 14.5869, longitude: 121.1025 },
};

/** A new report exactly as the app writes it (the fields the rules allow a reporter). */
export async function reportIncident(db, { reporter, campus, incidentType, description }) {
  const ref = await db.collection('incident_reports').add({
    timestamp: Timestamp.now(),
    geoLoc: CAMPUS_CENTRES[campus],
    nearestCampus: campus,
    status: 'Reported',
    isArchived: false,
    email: reporter.email,
    reporterId: reporter.uid,
    incidentType,
    description,
  });
  return ref.id;
}

/** How long a trigger's result may take to appear: a cold start on a loaded 2-core machine (within the test's minute). */
const TRIGGER_BOUND_MS = 40_000;

/** The reporter's notifications about one incident, waiting until `count` have arrived. */
export async function notificationsAbout(db, uid, incidentId, count) {
  return waitUntil(
    async () => {
      const snap = await db
        .collection(`users/${uid}/notifications`)
        .where('type_id', '==', incidentId)
        .get();
      return snap.size >= count ? snap.docs.map((d) => d.data()) : null;
    },
    { timeoutMs: TRIGGER_BOUND_MS, what: `${count} notifications about ${incidentId} for ${uid}` },
  );
}

/** The push records about one incident, waiting until `count` have been written. */
export async function pushesAbout(db, incidentId, count) {
  return waitUntil(
    async () => {
      const snap = await db
        .collection('push_messages')
        .where('payload.type_id', '==', incidentId)
        .get();
      return snap.size >= count ? snap.docs.map((d) => d.data()) : null;
    },
    { timeoutMs: TRIGGER_BOUND_MS, what: `${count} push messages about ${incidentId}` },
  );
}
