/**
 * An SOS pressed as the reporter app presses it (web/src/features/reporter-app/emergency): the
 * emergency and the person's hourly count `emergency_quotas/{uid}` in one batch, as the rules
 * require (firestore.rules withinEmergencyQuota). For the suites and benches that open
 * emergencies through the web SDK under the product's rules.
 */
import { Timestamp, doc, getDoc, serverTimestamp, writeBatch } from 'firebase/firestore';
import { COLLECTIONS } from '@campus-safety/model';

/**
 * Opens emergency `id` for `person` on `campus`, at `fix` (a location with its accuracy, or null:
 * no fix yet), counted into the person's open hour or a new one. Returns the id.
 */
export async function pressSosAsApp(db, person, { id, campus, fix = appFix(), emailVerified }) {
  const quotaRef = doc(db, COLLECTIONS.emergencyQuotas, person.uid);
  const quota = (await getDoc(quotaRef)).data();
  await writeBatch(db)
    .set(doc(db, COLLECTIONS.emergencies, id), {
      uid: person.uid,
      email: person.email,
      emailVerified,
      campus,
      campusFrom: 'location',
      status: 'open',
      openedAt: serverTimestamp(),
      movedAt: serverTimestamp(),
      location: fix,
      track: fix ? [fix] : [],
    })
    .set(
      quotaRef,
      quota
        ? { windowStart: quota.windowStart, opened: quota.opened + 1, lastId: id }
        : { windowStart: serverTimestamp(), opened: 1, lastId: id },
    )
    .commit();
  return id;
}

/** A phone's fix as the app sends it: degrees, accuracy in metres, the device's time. */
export function appFix(lat = 14.6, lng = 121.1, accuracy = 15) {
  return { lat, lng, accuracy, at: Timestamp.now() };
}
