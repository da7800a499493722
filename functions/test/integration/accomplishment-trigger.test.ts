import assert from 'node:assert/strict';
import { Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import {
  cloudEvent,
  db,
  deliverEvent,
  docData,
  notificationsOf,
  reportFiledBy,
  reporter,
  staffMember,
  timelineOf,
  unique,
  waitFor,
  waitForLogs,
} from './stack';

async function incident(status: string, extra: Record<string, unknown> = {}) {
  const rep = await reporter();
  const ref = await reportFiledBy(rep, {
    timestamp: Timestamp.fromDate(new Date('2026-11-22T14:05:09Z')),
    nearestCampus: 'north',
    status,
    incidentType: 'Theft',
    assignedTo: { id: 'imt1', displayName: 'Ana Cruz', email: 'ana@campus.test' },
    threatLevel: 'Low',
    ...extra,
  });
  return { ref, rep };
}

function accomplishment(extra: Record<string, unknown> = {}) {
  return {
    title: 'Bike recovered',
    description: 'Found near the gym and returned.',
    resolveCode: 'Resolved on site',
    timestamp: Timestamp.now(),
    isArchived: false,
    ...extra,
  };
}

/**
 * Waits for the trigger's `count`-th refusal of accomplishment `aid` under `incidentId`: a
 * refused write changes nothing, so its log line is the one sign that the run is over.
 */
const refusal = (incidentId: string, aid: string, count = 1) =>
  waitForLogs(
    (log) =>
      /applyAccomplishmentReport/.test(log.fn) &&
      log.message.includes('Accomplishment id already copies another incident') &&
      log.fields.incidentId === incidentId &&
      log.fields.accomplishmentId === aid,
    count,
  );

describe('accomplishment trigger', () => {
  it('copies the report to accomplishment_reports/{aid} with the incident snapshot', async () => {
    const { ref } = await incident('Processing');
    const aid = unique('acc');
    await ref.collection(COLLECTIONS.accomplishmentReports).doc(aid).set(accomplishment());
    const copy = await waitFor(
      () => docData(`${COLLECTIONS.accomplishmentReports}/${aid}`),
      (d) => !!d,
    );
    assert.equal(copy!.title, 'Bike recovered');
    assert.equal(copy!.isArchived, false);
    assert.deepEqual(copy!.report, {
      id: ref.id,
      date: 'Nov 22 2026',
      // Reported 14:05:09 UTC: the programme time zone (Asia/Manila, UTC+8) says 10 PM.
      time: '10:05:09 PM',
      type: 'Theft',
      latitude: 14.65,
      longitude: 121.07,
      campus: 'north',
      assignee: 'Ana Cruz',
      threatLevel: 'Low',
    });
    // The copy and the status move are one transaction: with the copy there, the status is final.
    assert.equal(
      (await docData(ref.path))!.status,
      'Processing',
      'only a Responded incident is resolved',
    );
  });

  it('moves a Responded incident to Resolved, which notifies the reporter in blue', async () => {
    const { ref, rep } = await incident('Responded');
    await ref
      .collection(COLLECTIONS.accomplishmentReports)
      .doc(unique('acc'))
      .set(accomplishment());
    await waitFor(
      () => docData(ref.path),
      (d) => d?.status === 'Resolved',
    );
    await waitFor(
      () => notificationsOf(rep.uid),
      (l) => l.some((n) => n.color === 'blue'),
    );
  });

  it("carries a changed threat level onto the incident and into the copy's snapshot", async () => {
    const { ref } = await incident('Processing');
    const aid = unique('acc');
    const acc = ref.collection(COLLECTIONS.accomplishmentReports).doc(aid);
    await acc.set(accomplishment({ threatLevel: 'High' }));
    await waitFor(
      () => docData(ref.path),
      (d) => d?.threatLevel === 'High',
    );
    await acc.update({ threatLevel: 'Critical' });
    await waitFor(
      () => docData(ref.path),
      (d) => d?.threatLevel === 'Critical',
    );
    const copy = await waitFor(
      () => docData(`${COLLECTIONS.accomplishmentReports}/${aid}`),
      (d) => d?.report?.threatLevel === 'Critical',
    );
    assert.equal(copy!.threatLevel, 'Critical');
  });

  it('keeps archive state in step both ways, and a deleted accomplishment removes its copy', async () => {
    const { ref } = await incident('Processing');
    const aid = unique('acc');
    const source = ref.collection(COLLECTIONS.accomplishmentReports).doc(aid);
    const copyPath = `${COLLECTIONS.accomplishmentReports}/${aid}`;
    await source.set(accomplishment());
    await waitFor(
      () => docData(copyPath),
      (d) => !!d,
    );
    await source.update({ isArchived: true });
    await waitFor(
      () => docData(copyPath),
      (d) => d?.isArchived === true,
    );
    await db.doc(copyPath).update({ isArchived: false }); // restored from the console's list of copies
    await waitFor(
      () => docData(source.path),
      (d) => d?.isArchived === false,
    );
    await source.delete();
    await waitFor(
      () => docData(copyPath),
      (d) => d === undefined,
    );
  });

  it('the same accomplishment event delivered twice changes the incident once', async () => {
    const { ref } = await incident('Processing', { threatLevel: 'Low' });
    const aid = unique('acc');
    const eventId = unique('dup-acc');
    const document = `${ref.path}/${COLLECTIONS.accomplishmentReports}/${aid}`;
    const event = cloudEvent({
      id: eventId,
      type: 'written',
      document,
      value: {
        title: 'T',
        description: 'D',
        resolveCode: 'No action needed',
        isArchived: false,
        threatLevel: 'Moderate',
      },
    });
    await deliverEvent('applyAccomplishmentReport', event);
    await waitFor(
      () => docData(ref.path),
      (d) => d?.threatLevel === 'Moderate',
    );
    // Staff change the level on the incident in between; a redelivery must not undo that.
    await ref.update({ threatLevel: 'Critical' });
    await deliverEvent('applyAccomplishmentReport', event);
    assert.equal((await docData(ref.path))!.threatLevel, 'Critical');
    assert.ok(await docData(`${COLLECTIONS.accomplishmentReports}/${aid}`));
  });

  it("never overwrites or deletes another campus's copy through a sub-document of the same id", async () => {
    const victim = await incident('Responded', { nearestCampus: 'north' });
    const aid = unique('acc');
    const copyPath = `${COLLECTIONS.accomplishmentReports}/${aid}`;
    await victim.ref.collection(COLLECTIONS.accomplishmentReports).doc(aid).set(accomplishment());
    const original = await waitFor(
      () => docData(copyPath),
      (d) => d?.report?.id === victim.ref.id,
    );

    // The attacker's own incident, on another campus, gets a sub-document with the victim's id.
    const attacker = await incident('Responded', {
      nearestCampus: 'main',
      threatLevel: 'Low',
    });
    const forged = attacker.ref.collection(COLLECTIONS.accomplishmentReports).doc(aid);
    await forged.set(accomplishment({ title: 'Hijacked', threatLevel: 'Critical' }));
    await refusal(attacker.ref.id, aid);
    assert.deepEqual(await docData(copyPath), original);
    const attackerIncident = await docData(attacker.ref.path);
    assert.equal(attackerIncident!.status, 'Responded'); // not resolved by a refused report
    assert.equal(attackerIncident!.threatLevel, 'Low');

    // Deleting the forged sub-document does not take the victim's copy with it.
    await forged.delete();
    await refusal(attacker.ref.id, aid, 2);
    assert.deepEqual(await docData(copyPath), original);
  });

  it('records the report, the threat-level change and the Resolved move in the timeline, each naming the author', async () => {
    const { ref } = await incident('Responded');
    const author = await staffMember('Eva', 'Tan', 'north');
    await ref
      .collection(COLLECTIONS.accomplishmentReports)
      .doc(unique('acc'))
      .set(accomplishment({ threatLevel: 'High', updatedBy: author.id }));
    const timeline = await waitFor(
      () => timelineOf(ref.path),
      (t) => t.some((e) => e.kind === 'resolved'),
    );
    const kinds = timeline.map((e) => e.kind).sort();
    assert.deepEqual(kinds, ['accomplishment', 'resolved', 'threat-level']);
    const actor = { uid: author.id, name: 'Eva Tan', role: 'IMT' };
    for (const entry of timeline) assert.deepEqual(entry.actor, actor, entry.kind);
    assert.equal(
      timeline.find((e) => e.kind === 'accomplishment')!.detail,
      'Accomplishment report filed: Bike recovered',
    );
    assert.equal(
      timeline.find((e) => e.kind === 'threat-level')!.detail,
      'Threat level Low → High',
    );
  });

  it('a seeded accomplishment report (its entry written with it) gets no second entry', async () => {
    const { ref } = await incident('Resolved');
    const aid = unique('acc');
    const seeded = {
      kind: 'accomplishment',
      at: Timestamp.now(),
      actor: { uid: 'imt1', name: 'Ana Cruz', role: 'IMT' },
      detail: 'Accomplishment report filed: Bike recovered',
    };
    // As scripts/seed writes it: the entry under its fixed id before the report.
    await ref.collection(COLLECTIONS.timeline).doc(`accomplishment-${aid}`).set(seeded);
    await ref
      .collection(COLLECTIONS.accomplishmentReports)
      .doc(aid)
      .set(accomplishment({ threatLevel: 'Low', updatedBy: 'imt1' }));
    await waitFor(
      () => docData(`${COLLECTIONS.accomplishmentReports}/${aid}`),
      (d) => !!d,
    );
    // The copy and the timeline entry are one transaction: with the copy there, no entry can come.
    assert.deepEqual(await timelineOf(ref.path), [{ id: `accomplishment-${aid}`, ...seeded }]);
  });
});
