import assert from 'node:assert/strict';
import { Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS, responseTargetFor, type HousekeepingResponse } from '@campus-safety/model';
import {
  account,
  db,
  docData,
  notificationsOf,
  pushesFor,
  reportFiledBy,
  reporter,
  staffMember,
  timelineOf,
  unique,
  waitFor,
} from './stack';

const UNRATED_TARGET = responseTargetFor(null).assignWithinMinutes;

/** A report as the app files it, `minutesAgo` old, still unassigned unless `extra` says otherwise. */
async function report(campus: string, minutesAgo: number, extra: Record<string, unknown> = {}) {
  return reportFiledBy(await reporter(), { nearestCampus: campus, tags: [], ...extra }, minutesAgo);
}

/**
 * Waits until the creation trigger has given each report the not-escalated mark the scan selects
 * on (`escalatedAt: null`), all at once.
 */
async function marked(...refs: FirebaseFirestore.DocumentReference[]) {
  await Promise.all(
    refs.map((ref) =>
      waitFor(
        () => docData(ref.path),
        (data) => data?.escalatedAt === null,
        120_000,
      ),
    ),
  );
}

async function designateLead(campus: string, firstName: string, tokens: string[]) {
  const lead = await staffMember(firstName, 'Lead', campus);
  await db.doc(`${COLLECTIONS.users}/${lead.id}`).update({ deviceToken: tokens });
  await db.doc(`${COLLECTIONS.campusLeads}/${campus}`).set({
    uid: lead.id,
    displayName: lead.displayName,
    email: lead.email,
    updatedAt: Timestamp.now(),
  });
  return lead;
}

const escalationsOf = async (uid: string, incidentId: string) =>
  (await notificationsOf(uid)).filter((n) => n.type === 'escalation' && n.type_id === incidentId);

describe('escalation (housekeeping)', function () {
  // Each test waits for the creation trigger of its reports (seconds each on a busy machine).
  this.timeout(180_000);
  it('a report unassigned past its target notifies the campus lead and the Admins, once, and says so in its timeline', async () => {
    const campus = 'Riverside Campus';
    const admin = await account({ role: 'Admin' });
    const lead = await designateLead(campus, 'Lara', ['lead-device']);
    const overdue = await report(campus, UNRATED_TARGET + 5);
    const fresh = await report(campus, Math.max(0, UNRATED_TARGET - 5));
    const assigned = await report(campus, UNRATED_TARGET + 5, { status: 'Processing' });
    const archived = await report(campus, UNRATED_TARGET + 5, { isArchived: true });
    await marked(overdue, fresh);

    const done = await admin.call<HousekeepingResponse>('runHousekeeping');
    assert.ok(done.escalatedReports >= 1, JSON.stringify(done));

    const incident = await docData(overdue.path);
    assert.ok(incident!.escalatedAt instanceof Timestamp);
    const entries = (await timelineOf(overdue.path)).filter((e) => e.kind === 'escalated');
    assert.equal(entries.length, 1);
    assert.equal(entries[0]!.actor, null);
    assert.match(entries[0]!.detail, new RegExp(`past the ${UNRATED_TARGET}-minute target`));
    assert.match(entries[0]!.detail, /Lara Lead/);

    // In the console: a notification for the lead and for the Admin who ran the job.
    const [leadNotice] = await escalationsOf(lead.id, overdue.id);
    assert.equal(leadNotice!.title, 'Report escalated');
    assert.equal(leadNotice!.isRead, false);
    assert.match(leadNotice!.message, /Fire at Riverside Campus has waited \d+ min unassigned/);
    assert.equal((await escalationsOf(admin.uid, overdue.id)).length, 1);
    // By push, to the lead's device (the emulator transport records it as sent).
    const pushes = await pushesFor('payload.type_id', overdue.id);
    const toLead = pushes.find((p) => p.id === `escalation-${overdue.id}-${lead.id}`);
    assert.equal(toLead?.state, 'sent');
    assert.deepEqual(toLead?.tokens, ['lead-device']);
    assert.equal(toLead?.payload.type, 'escalation');

    // Not due, assigned or archived: nothing.
    assert.equal((await docData(fresh.path))!.escalatedAt, null);
    for (const ref of [assigned, archived]) {
      assert.ok(!((await docData(ref.path))!.escalatedAt instanceof Timestamp), ref.id);
      assert.deepEqual(await escalationsOf(lead.id, ref.id), [], ref.id);
    }

    // Exactly once: the next runs find it escalated.
    await admin.call<HousekeepingResponse>('runHousekeeping');
    await admin.call<HousekeepingResponse>('runHousekeeping');
    assert.equal((await timelineOf(overdue.path)).filter((e) => e.kind === 'escalated').length, 1);
    assert.equal((await escalationsOf(lead.id, overdue.id)).length, 1);
    assert.equal(
      (await pushesFor('payload.type_id', overdue.id)).filter((p) => p.id.includes(lead.id)).length,
      1,
    );
    assert.ok(
      ((await docData(overdue.path))!.escalatedAt as Timestamp).isEqual(incident!.escalatedAt),
    );
  });

  it('a lead who no longer works for the campus is not told; the Admins still are', async () => {
    const campus = 'North Campus';
    const admin = await account({ role: 'Admin' });
    const lead = await designateLead(campus, 'Moved', []);
    await db.doc(`${COLLECTIONS.users}/${lead.id}`).update({ campus: 'Main Campus' });
    const overdue = await report(campus, UNRATED_TARGET + 2);
    await marked(overdue);

    await admin.call<HousekeepingResponse>('runHousekeeping');
    assert.deepEqual(await escalationsOf(lead.id, overdue.id), []);
    assert.equal((await escalationsOf(admin.uid, overdue.id)).length, 1);
  });

  it('a rated report waits for its own level’s target', async () => {
    const admin = await account({ role: 'Admin' });
    const critical = responseTargetFor('Critical').assignWithinMinutes;
    const low = responseTargetFor('Low').assignWithinMinutes;
    assert.ok(low > critical + 2, 'the deployment targets differ between levels');
    const due = await report('Main Campus', critical + 1, { threatLevel: 'Critical' });
    const notDue = await report('Main Campus', critical + 1, { threatLevel: 'Low' });
    await marked(due, notDue);
    await admin.call<HousekeepingResponse>('runHousekeeping');
    assert.ok((await docData(due.path))!.escalatedAt instanceof Timestamp);
    assert.equal((await docData(notDue.path))!.escalatedAt, null);
  });

  it('a flood of 1,000 newer reports on another campus, escalated already, does not starve an overdue one (issue 17 item 5)', async function () {
    // The flood's own triggers (several thousand runs) are awaited, so later tests start clean.
    this.timeout(600_000);
    const floodCampus = unique('Flood Campus');
    const admin = await account({ role: 'Admin' });
    const overdue = await report('Main Campus', UNRATED_TARGET + 30);
    await marked(overdue);
    // The flood: filed after the overdue report and before the cutoff, all escalated and still
    // waiting, as after the runs that escalated them. The scan used to read the newest 1,000.
    const flooder = await reporter();
    const writer = db.bulkWriter();
    for (let i = 0; i < 1000; i += 1) {
      const at = Date.now() - (UNRATED_TARGET + 20) * 60_000 + i * 600;
      void writer.set(db.collection(COLLECTIONS.incidentReports).doc(unique('flood')), {
        timestamp: Timestamp.fromMillis(at),
        geoLoc: { latitude: 14.65, longitude: 121.07 },
        nearestCampus: floodCampus,
        status: 'Reported',
        isArchived: false,
        email: flooder.email,
        reporterId: flooder.uid,
        incidentType: 'Fire',
        tags: [],
        // Arranged by the server, as reportFiledBy marks its reports: the quota is not tested here.
        imported: true,
        escalatedAt: Timestamp.fromMillis(at + (UNRATED_TARGET + 1) * 60_000),
      });
    }
    await writer.close();

    await admin.call<HousekeepingResponse>('runHousekeeping');
    assert.ok((await docData(overdue.path))!.escalatedAt instanceof Timestamp);
    assert.equal((await escalationsOf(admin.uid, overdue.id)).length, 1);

    // Drained: every flood report counted by the stats trigger (summed over the campus doc's
    // shards) and announced to its reporter.
    await waitFor(
      async () =>
        (
          await db.collection(COLLECTIONS.incidentStats).where('campus', '==', floodCampus).get()
        ).docs.reduce((sum, shard) => sum + ((shard.get('total') as number | undefined) ?? 0), 0),
      (total) => total === 1000,
      540_000,
    );
    const told = db
      .collection(COLLECTIONS.users)
      .doc(flooder.uid)
      .collection(COLLECTIONS.notifications);
    await waitFor(
      async () => (await told.where('type', '==', 'report').count().get()).data().count,
      (n) => n >= 1000,
      540_000,
    );
  });
});
