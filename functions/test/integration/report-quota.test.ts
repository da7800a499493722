import assert from 'node:assert/strict';
import { Timestamp } from 'firebase-admin/firestore';
import { serverTimestamp } from 'firebase/firestore';
import { COLLECTIONS, LIMITS } from '@campus-safety/model';
import { fileReportAsApp } from '@campus-safety/testkit/app-report';
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

/**
 * `n` reports filed one after another through the app (web SDK), stamped as the rules demand and
 * counted into the reporter's quota with each.
 */
async function fileThroughApp(rep: SignedIn, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const ref = await fileReportAsApp(rep.firestore, rep.uid, {
      timestamp: serverTimestamp(),
      geoLoc: { latitude: 14.65, longitude: 121.07 },
      nearestCampus: 'main',
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

  it(`the ${LIMIT}th report filed through the app within the hour fills the reporter's window, and tells them once until when`, async () => {
    const rep = await account({ role: 'User' });
    const ids = await fileThroughApp(rep, LIMIT);
    await announced(rep.uid, ids);
    const quota = await docData(`${COLLECTIONS.reportQuotas}/${rep.uid}`);
    const first = (await db.doc(`${COLLECTIONS.incidentReports}/${ids[0]}`).get()).createTime!;
    // The window opened with the first report (the rules' request time, a moment before the
    // commit's); it names the last one.
    const opened = (quota!.windowStart as Timestamp).toMillis();
    assert.ok(Math.abs(opened - first.toMillis()) < 1000, `${opened} vs ${first.toMillis()}`);
    assert.equal(quota!.filed, LIMIT);
    assert.equal(quota!.lastId, ids[LIMIT - 1]);
    const told = await waitFor(
      async () =>
        (await notificationsOf(rep.uid)).filter((n) => n.title === 'Report limit reached'),
      (list) => list.length > 0,
    );
    assert.equal(told.length, 1, JSON.stringify(told));
    assert.equal(told[0]!.type_id, ids[LIMIT - 1]);
    assert.match(told[0]!.message, new RegExp(`sent ${LIMIT} reports within an hour`));
    assert.match(told[0]!.message, /You can send another at \d\d:\d\d/);
    // And the next one is refused, writing nothing.
    await assert.rejects(fileThroughApp(rep, 1), (e: { code?: string; message?: string }) =>
      /full/.test(String(e.message)),
    );
    assert.equal((await docData(`${COLLECTIONS.reportQuotas}/${rep.uid}`))!.filed, LIMIT);
  });

  it('reports a server writer marks imported (an import, the seed) do not count, so one short of the limit leaves the quota open', async () => {
    const rep = await account({ role: 'User' });
    const filed = await fileThroughApp(rep, LIMIT - 1);
    // A dozen more of the same hour, written by the server as an import does.
    const imported = [];
    for (let i = 0; i < LIMIT; i++) imported.push((await reportFiledBy(rep, {}, i)).id);
    await announced(rep.uid, [...filed, ...imported]);
    const quota = await docData(`${COLLECTIONS.reportQuotas}/${rep.uid}`);
    assert.equal(quota!.filed, LIMIT - 1, JSON.stringify(quota));
    assert.equal(quota!.lastId, filed[LIMIT - 2]);
    assert.deepEqual(
      (await notificationsOf(rep.uid)).filter((n) => n.title === 'Report limit reached'),
      [],
    );
  });
});
