import assert from 'node:assert/strict';
import { Timestamp } from 'firebase-admin/firestore';
import { addDoc, collection, serverTimestamp } from 'firebase/firestore';
import { COLLECTIONS, LIMITS } from '@campus-safety/model';
import {
  account,
  closeAll,
  db,
  docData,
  notificationsOf,
  reportFiledBy,
  waitFor,
  type SignedIn,
} from './stack';

const LIMIT = LIMITS.reportsPerReporterPerHour;

/** `n` reports filed one after another through the app (web SDK), stamped as the rules demand. */
async function fileThroughApp(rep: SignedIn, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const ref = await addDoc(collection(rep.firestore, COLLECTIONS.incidentReports), {
      timestamp: serverTimestamp(),
      geoLoc: { latitude: 14.65, longitude: 121.07 },
      nearestCampus: 'Main Campus',
      status: 'Reported',
      isArchived: false,
      email: rep.email,
      reporterId: rep.uid,
      incidentType: 'Fire',
    });
    ids.push(ref.id);
  }
  return ids;
}

/** Waits until every report's creation trigger has run: each leaves the reporter a notification. */
async function announced(uid: string, ids: string[]) {
  await waitFor(
    () => notificationsOf(uid),
    (list) =>
      ids.every((id) => list.some((n) => n.type_id === id && n.title !== 'Report limit reached')),
    150_000,
  );
}

describe('report quota (issue 17 finding 5): what the app files', function () {
  // Each test waits for the creation trigger of a dozen reports (seconds each on a busy machine).
  this.timeout(240_000);
  after(closeAll);

  it(`the ${LIMIT}th report filed through the app within an hour fills the reporter's quota for an hour after the oldest, and tells them once`, async () => {
    const rep = await account({ role: 'User' });
    const ids = await fileThroughApp(rep, LIMIT);
    await announced(rep.uid, ids);
    const quota = await docData(`${COLLECTIONS.reportQuotas}/${rep.uid}`);
    const oldest = (await db.doc(`${COLLECTIONS.incidentReports}/${ids[0]}`).get()).createTime!;
    assert.ok(quota?.fullUntil instanceof Timestamp, JSON.stringify(quota));
    assert.equal((quota.fullUntil as Timestamp).toMillis(), oldest.toMillis() + 3_600_000);
    assert.deepEqual((quota.filed as { id: string }[]).map((r) => r.id).sort(), [...ids].sort());
    const told = (await notificationsOf(rep.uid)).filter((n) => n.title === 'Report limit reached');
    assert.equal(told.length, 1, JSON.stringify(told));
    assert.match(told[0]!.message, new RegExp(`sent ${LIMIT} reports within an hour`));
    assert.match(told[0]!.message, /You can send another at \d\d:\d\d/);
  });

  it('reports a server writer marks imported (an import, the seed) do not count, so one short of the limit leaves the quota open', async () => {
    const rep = await account({ role: 'User' });
    const filed = await fileThroughApp(rep, LIMIT - 1);
    // A dozen more of the same hour, written by the server as an import does.
    const imported = [];
    for (let i = 0; i < LIMIT; i++) imported.push((await reportFiledBy(rep, {}, i)).id);
    await announced(rep.uid, [...filed, ...imported]);
    const quota = await docData(`${COLLECTIONS.reportQuotas}/${rep.uid}`);
    assert.equal(quota?.fullUntil, undefined, JSON.stringify(quota));
    assert.deepEqual((quota!.filed as { id: string }[]).map((r) => r.id).sort(), [...filed].sort());
  });
});
