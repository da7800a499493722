import assert from 'node:assert/strict';
import { Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS, LIMITS } from '@campus-safety/model';
import { db, docData, notificationsOf, reporter, unique, waitFor } from './stack';

const LIMIT = LIMITS.reportsPerReporterPerHour;

/** `n` reports by `uid` as the app files them, a second apart, the newest now. */
async function file(rep: { uid: string; email: string }, n: number) {
  const batch = db.batch();
  const now = Date.now();
  const refs = Array.from({ length: n }, () =>
    db.collection(COLLECTIONS.incidentReports).doc(unique('quota')),
  );
  refs.forEach((ref, i) =>
    batch.set(ref, {
      timestamp: Timestamp.fromMillis(now - (n - 1 - i) * 1000),
      geoLoc: { latitude: 14.65, longitude: 121.07 },
      nearestCampus: 'Main Campus',
      status: 'Reported',
      isArchived: false,
      email: rep.email,
      reporterId: rep.uid,
      incidentType: 'Fire',
    }),
  );
  await batch.commit();
  return { refs, oldest: now - (n - 1) * 1000 };
}

describe('report quota (issue 17 item 5)', function () {
  // Each test waits for the creation trigger of a dozen reports (seconds each on a busy machine).
  this.timeout(180_000);
  it(`the ${LIMIT}th report within an hour fills the reporter's quota for an hour after the oldest, and tells them once`, async () => {
    const rep = await reporter();
    const { refs, oldest } = await file(rep, LIMIT);
    const quota = await waitFor(
      () => docData(`${COLLECTIONS.reportQuotas}/${rep.uid}`),
      (q) => q?.fullUntil instanceof Timestamp,
      150_000,
    );
    assert.equal((quota!.fullUntil as Timestamp).toMillis(), oldest + 3_600_000);
    assert.equal(quota!.recent, LIMIT);
    // Every report's trigger has run (each leaves its reporter notification) before counting.
    await waitFor(
      () => notificationsOf(rep.uid),
      (list) =>
        refs.every((r) =>
          list.some((n) => n.type_id === r.id && n.title !== 'Report limit reached'),
        ),
      150_000,
    );
    const told = (await notificationsOf(rep.uid)).filter((n) => n.title === 'Report limit reached');
    assert.equal(told.length, 1, JSON.stringify(told));
    assert.match(told[0]!.message, new RegExp(`sent ${LIMIT} reports within an hour`));
    assert.match(told[0]!.message, /You can send another at \d\d:\d\d/);
  });

  it('fewer reports leave no quota, so the rules take the next one', async () => {
    const rep = await reporter();
    const { refs } = await file(rep, LIMIT - 1);
    await waitFor(
      () => notificationsOf(rep.uid),
      (list) => refs.every((r) => list.some((n) => n.type_id === r.id)),
      150_000,
    );
    // The trigger keeps the quota before it notifies: every notification there, the quota is final.
    assert.equal(await docData(`${COLLECTIONS.reportQuotas}/${rep.uid}`), undefined);
  });
});
