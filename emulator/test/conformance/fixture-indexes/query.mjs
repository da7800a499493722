// Runs inside `firebase emulators:exec`: a query that needs a composite index; writes the outcome
// to the file in argv[2].
import { writeFileSync } from 'node:fs';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';

const db = getFirestore(initializeApp({ projectId: process.env.GCLOUD_PROJECT }));
await db.doc('cities/sf').set({ state: 'CA', population: 800000 });
let outcome;
try {
  const snap = await db.collection('cities').where('state', '==', 'CA').orderBy('population').get();
  outcome = { served: snap.size };
} catch (error) {
  outcome = { code: error.code, message: error.details ?? error.message };
}
writeFileSync(process.argv[2], JSON.stringify(outcome));
process.exit(0);
