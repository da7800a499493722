import assert from 'node:assert/strict';
import { Timestamp, type DocumentData, type DocumentReference } from 'firebase-admin/firestore';
import { COLLECTIONS, MESSAGES } from '@campus-safety/model';
import { eventDocId } from '../../src/domain/event-ids';
import { EMULATOR_UNREGISTERED_PREFIX } from '../../src/push/emulator-transport';
import {
  cloudEvent,
  db,
  deliverEvent,
  docData,
  functionLogs,
  notificationsOf,
  pushesFor,
  reportFiledBy,
  reporter,
  staffMember,
  timelineOf,
  unique,
  waitFor,
  withKeywords,
} from './stack';

const incidents = () => db.collection(COLLECTIONS.incidentReports);

/** The report trigger, every step of which runs on an event delivered by hand. */
const REPORT_TRIGGER = 'handleIncidentReportWrite';

/**
 * A stored report as a hand-made event carries it: without its campus, because the stats step
 * would count a hand-made event (a new event id) a second time; the steps under test here do not
 * read the campus.
 */
function eventFields(data: DocumentData) {
  const { nearestCampus: _campus, ...rest } = data;
  return withKeywords({ ...rest, timestamp: (data.timestamp as Timestamp).toDate() });
}

/**
 * Delivers `ref`'s creation (as stored) to the report trigger once more, by hand, under a new
 * event id. For tests of what a trigger must NOT do: the platform's own delivery of the same
 * write runs unobserved, but this one returns once the trigger has run, so anything it wrongly
 * wrote is there when the test looks.
 */
async function deliverCreation(ref: DocumentReference) {
  await deliverEvent(
    REPORT_TRIGGER,
    cloudEvent({
      id: unique('creation'),
      type: 'written',
      document: ref.path,
      value: eventFields((await ref.get()).data()!),
    }),
  );
}

/** The status trigger's view of an update of `ref` from `before` to what is stored, by hand. */
async function deliverUpdate(ref: DocumentReference, before: DocumentData) {
  await deliverEvent(
    REPORT_TRIGGER,
    cloudEvent({
      id: unique('update'),
      type: 'written',
      document: ref.path,
      oldValue: eventFields(before),
      value: eventFields((await ref.get()).data()!),
    }),
  );
}

const byColor = (color: string) => (list: DocumentData[]) => list.some((n) => n.color === color);

describe('incident triggers', () => {
  it('a new report gives the reporter a yellow "Incident Reported" notification and a push', async () => {
    const rep = await reporter(['device-a']);
    const ref = await reportFiledBy(rep, {}, 30);
    const list = await waitFor(() => notificationsOf(rep.uid), byColor('yellow'));
    const n = list.find((x) => x.color === 'yellow')!;
    assert.equal(n.title, 'Incident Reported');
    assert.equal(n.isRead, false);
    assert.equal(n.type, 'report');
    assert.equal(n.type_id, ref.id);
    assert.ok(n.timestamp instanceof Timestamp);
    const pushes = await waitFor(
      () => pushesFor('payload.type_id', ref.id),
      (p) => p.length === 1,
    );
    assert.equal(pushes[0]!.state, 'sent');
    assert.equal(pushes[0]!.transport, 'emulator');
    assert.deepEqual(pushes[0]!.tokens, ['device-a']);
    const [entry, ...more] = await waitFor(
      () => timelineOf(ref.path),
      (t) => t.length === 1,
    );
    assert.deepEqual(more, []);
    assert.equal(entry!.id, 'reported');
    assert.equal(entry!.kind, 'reported');
    assert.equal(entry!.status, 'Reported');
    assert.deepEqual(entry!.actor, { uid: rep.uid, name: 'Rita Reporter', role: 'User' });
    // The commit time of the report, not the trigger's clock.
    const created = (await ref.get()).createTime!.toMillis();
    // Within a millisecond: the entry keeps the commit time at millisecond precision.
    assert.ok(Math.abs((entry!.at as Timestamp).toMillis() - created) <= 1);
  });

  it('a report created with a later status (imported history) notifies nobody', async () => {
    const rep = await reporter(['device-h']);
    const ref = await reportFiledBy(rep, { status: 'Resolved' }, 90);
    const marker = await reportFiledBy(rep);
    await waitFor(() => notificationsOf(rep.uid), byColor('yellow'));
    await deliverCreation(ref);
    const list = await notificationsOf(rep.uid);
    assert.deepEqual(
      list.map((n) => n.type_id),
      [marker.id],
    );
    assert.deepEqual(await timelineOf(ref.path), []);
  });

  it('a seeded report (its "reported" entry written with it) gets no second entry, notification or push', async () => {
    const rep = await reporter(['device-s']);
    const reportedAt = Timestamp.fromMillis(Date.now() - 60 * 60_000);
    // As scripts/seed writes a report still in "Incident Reported": its timeline first.
    const id = unique('inc');
    const seededEntry = {
      kind: 'reported',
      at: reportedAt,
      actor: { uid: rep.uid, name: 'Rita Reporter', role: 'User' },
      status: 'Reported',
      detail: 'Fire reported at Main Campus',
    };
    await incidents().doc(id).collection(COLLECTIONS.timeline).doc('reported').set(seededEntry);
    const seeded = incidents().doc(id);
    await seeded.set({
      timestamp: reportedAt,
      geoLoc: { latitude: 14.65, longitude: 121.07 },
      nearestCampus: 'main',
      status: 'Reported',
      isArchived: false,
      email: rep.email,
      reporterId: rep.uid,
      incidentType: 'Fire',
      tags: [],
    });
    const marker = await reportFiledBy(rep);
    await waitFor(() => notificationsOf(rep.uid), byColor('yellow'));
    await deliverCreation(seeded);
    assert.deepEqual(
      (await notificationsOf(rep.uid)).map((n) => n.type_id),
      [marker.id],
    );
    assert.deepEqual(await pushesFor('payload.type_id', seeded.id), []);
    assert.deepEqual(await timelineOf(seeded.path), [{ id: 'reported', ...seededEntry }]);
  });

  it('assignment (Processing) records waitingTimeInMinutes from server time and notifies in orange', async () => {
    const rep = await reporter(['device-b']);
    const ref = await reportFiledBy(rep, {}, 42);
    await waitFor(() => notificationsOf(rep.uid), byColor('yellow'));
    const assigner = await staffMember('Ben', 'Lim');
    await ref.update({
      status: 'Processing',
      assignedTo: await staffMember('Ana', 'Cruz'),
      threatLevel: 'High',
      updatedBy: assigner.id,
      // A client-sent value must not survive: the trigger computes it from server time.
      waitingTimeInMinutes: 999,
    });
    const list = await waitFor(() => notificationsOf(rep.uid), byColor('orange'));
    assert.match(
      list.find((n) => n.color === 'orange')!.message as string,
      /^Ana Cruz is now handling/,
    );
    const incident = await waitFor(
      () => docData(ref.path),
      (d) => d?.waitingTimeInMinutes !== 999,
    );
    assert.ok(
      incident!.waitingTimeInMinutes >= 42 && incident!.waitingTimeInMinutes <= 44,
      String(incident!.waitingTimeInMinutes),
    );
    // The timeline names who assigned (from their profile, by the uid the rules checked), the
    // assignee by their own profile's name, and the rating the assignment gave.
    // The assignee's page (paging.test.ts) has an entry of its own.
    const statusEntries = async () =>
      (await timelineOf(ref.path)).filter((e) => e.kind !== 'paged');
    const timeline = await waitFor(statusEntries, (t) => t.length === 3);
    const [, assigned, rated] = timeline;
    assert.equal(assigned!.kind, 'assigned');
    assert.equal(assigned!.detail, 'Assigned to Ana Cruz');
    assert.deepEqual(assigned!.actor, { uid: assigner.id, name: 'Ben Lim', role: 'IMT' });
    assert.equal(rated!.kind, 'threat-level');
    assert.equal(rated!.detail, 'Threat level set to High');
    assert.deepEqual(rated!.actor, assigned!.actor);
  });

  it('each later move names its actor: respond, decline', async () => {
    const rep = await reporter();
    const responder = await staffMember('Cara', 'Diaz');
    const ref = await reportFiledBy(rep, { status: 'Processing' }, 90);
    await ref.update({ status: 'Responded', updatedBy: responder.id });
    const responded = await waitFor(
      () => timelineOf(ref.path),
      (t) => t.some((e) => e.kind === 'responded'),
    );
    assert.deepEqual(responded.find((e) => e.kind === 'responded')!.actor, {
      uid: responder.id,
      name: 'Cara Diaz',
      role: 'IMT',
    });
    const decliner = await staffMember('Dan', 'Ong');
    const other = await reportFiledBy(rep, {}, 5);
    await other.update({
      status: 'Declined',
      declineReason: 'Duplicate report',
      declineDescription: 'Same as #12',
      updatedBy: decliner.id,
    });
    const declined = await waitFor(
      () => timelineOf(other.path),
      (t) => t.some((e) => e.kind === 'declined'),
    );
    const entry = declined.find((e) => e.kind === 'declined')!;
    assert.equal(entry.detail, 'Declined: Duplicate report');
    assert.equal(entry.actor.name, 'Dan Ong');
  });

  it('Responded records responseTimeInMinutes; Resolved and Declined notify in blue and red', async () => {
    const rep = await reporter();
    const ref = await reportFiledBy(rep, { status: 'Processing' }, 90);
    await ref.update({ status: 'Responded' });
    await waitFor(() => notificationsOf(rep.uid), byColor('green'));
    const responded = await waitFor(
      () => docData(ref.path),
      (d) => typeof d?.responseTimeInMinutes === 'number',
    );
    assert.ok(responded!.responseTimeInMinutes >= 90 && responded!.responseTimeInMinutes <= 92);
    await ref.update({ status: 'Resolved' });
    await waitFor(() => notificationsOf(rep.uid), byColor('blue'));

    const other = await reportFiledBy(rep, {}, 5);
    await other.update({
      status: 'Declined',
      declineReason: 'Duplicate report',
      declineDescription: 'Same as #12',
    });
    const list = await waitFor(() => notificationsOf(rep.uid), byColor('red'));
    assert.match(
      list.find((n) => n.color === 'red')!.message as string,
      /declined: Duplicate report\.$/,
    );
  });

  it('a reporter without device tokens gets the notification and a skipped push', async () => {
    const rep = await reporter([]);
    const ref = await reportFiledBy(rep);
    await waitFor(
      () => notificationsOf(rep.uid),
      (l) => l.length === 1,
    );
    const pushes = await waitFor(
      () => pushesFor('payload.type_id', ref.id),
      (p) => p.length === 1,
    );
    assert.equal(pushes[0]!.state, 'skipped');
    assert.equal(pushes[0]!.transport, 'none');
  });

  it('tokens FCM reports as unregistered are removed from the reporter', async () => {
    const dead = `${EMULATOR_UNREGISTERED_PREFIX}${unique('t')}`;
    const rep = await reporter(['device-live', dead]);
    const ref = await reportFiledBy(rep);
    const user = await waitFor(
      () => docData(`${COLLECTIONS.users}/${rep.uid}`),
      (d) => !(d?.deviceToken as string[]).includes(dead),
    );
    assert.deepEqual(user!.deviceToken, ['device-live']);
    // The sender forgets the dead token before it records the push: wait for the record too.
    const [push] = await waitFor(
      () => pushesFor('payload.type_id', ref.id),
      (pushes) => pushes.length > 0,
    );
    assert.equal(push!.state, 'sent');
    assert.deepEqual(push!.removedTokens, [dead]);
  });

  it(`an unknown reporter writes no notification and stops quietly ("${MESSAGES.noUserData}")`, async () => {
    const logged = async () =>
      (await functionLogs()).filter(
        (l) => l.fn.includes(REPORT_TRIGGER) && l.message === MESSAGES.noUserData,
      ).length;
    const before = await logged();
    const ref = await reportFiledBy(
      { uid: unique('nobody'), email: `${unique('nobody')}@mail.test` },
      {},
      10,
    );
    await ref.update({ status: 'Processing' });
    // The timing still counts: it belongs to the incident, not to the reporter.
    await waitFor(
      () => docData(ref.path),
      (d) => typeof d?.waitingTimeInMinutes === 'number',
    );
    // One line for the creation, one for the status change, each exactly the text of
    // docs/requirements.md#errors. The line is each run's last act: no push can follow it.
    await waitFor(logged, (n) => n >= before + 2);
    assert.equal((await pushesFor('payload.type_id', ref.id)).length, 0);
  });

  it('updates that do not change the status, and illegal moves, notify nobody', async () => {
    const rep = await reporter();
    const ref = await reportFiledBy(rep);
    await waitFor(
      () => notificationsOf(rep.uid),
      (l) => l.length === 1,
    );
    const reported = (await ref.get()).data()!;
    await ref.update({ tags: ['Fire'], threatLevel: 'High' });
    await deliverUpdate(ref, reported);
    const rated = (await ref.get()).data()!;
    await ref.update({ status: 'Resolved' }); // Reported → Resolved is not a move the machine allows
    await deliverUpdate(ref, rated);
    assert.equal((await notificationsOf(rep.uid)).length, 1);
    assert.equal((await timelineOf(ref.path)).length, 1);
  });

  it('the same status event delivered twice writes one notification, one timeline entry, one push', async () => {
    const rep = await reporter(['device-dup']);
    const reportedAt = new Date(Date.now() - 15 * 60_000);
    const ref = await reportFiledBy(rep, {}, 15);
    await waitFor(
      () => notificationsOf(rep.uid),
      (l) => l.length === 1,
    );
    await waitFor(
      () => timelineOf(ref.path),
      (t) => t.length === 1,
    );
    const eventId = unique('dup-event');
    const fields = withKeywords({
      timestamp: reportedAt,
      status: 'Reported',
      email: rep.email,
      reporterId: rep.uid,
      incidentType: 'Fire',
      isArchived: false,
    });
    const event = cloudEvent({
      id: eventId,
      type: 'written',
      document: ref.path,
      oldValue: fields,
      value: { ...fields, status: 'Processing' },
    });
    await deliverEvent(REPORT_TRIGGER, event);
    await deliverEvent(REPORT_TRIGGER, event);
    const list = await notificationsOf(rep.uid);
    assert.equal(list.filter((n) => n.id === eventDocId(eventId)).length, 1);
    assert.equal(list.length, 2);
    const incident = await docData(ref.path);
    assert.deepEqual(
      (await timelineOf(ref.path)).map((e) => e.status),
      ['Reported', 'Processing'],
    );
    assert.equal(incident!.waitingTimeInMinutes, 15);
    const pushes = (await pushesFor('payload.type_id', ref.id)).filter(
      (p) => p.id === eventDocId(eventId, 'report'),
    );
    assert.equal(pushes.length, 1);
    assert.ok(
      (await docData(`${COLLECTIONS.processedEvents}/${eventDocId(eventId, 'incident-status')}`))
        ?.at,
    );
  });

  it('the same creation event delivered twice writes one notification and one entry', async () => {
    const rep = await reporter();
    // Stored as Processing, the platform's own creation event does nothing; the hand-made one
    // below says it was filed as Reported.
    const ref = await reportFiledBy(rep, { status: 'Processing' }, 30);
    const eventId = unique('dup-create');
    const event = cloudEvent({
      id: eventId,
      type: 'written',
      document: ref.path,
      value: withKeywords({
        timestamp: new Date(),
        status: 'Reported',
        email: rep.email,
        reporterId: rep.uid,
        incidentType: 'Fire',
      }),
    });
    await deliverEvent(REPORT_TRIGGER, event);
    await deliverEvent(REPORT_TRIGGER, event);
    assert.equal((await notificationsOf(rep.uid)).length, 1);
    assert.deepEqual(
      (await timelineOf(ref.path)).map((e) => e.id),
      ['reported'],
    );
    // Another creation event for the same report (a new event id) finds its "reported" entry:
    // a report is filed once, so nothing more is written.
    await deliverEvent(REPORT_TRIGGER, { ...event, id: unique('dup-create') });
    assert.equal((await notificationsOf(rep.uid)).length, 1);
    assert.equal((await timelineOf(ref.path)).length, 1);
  });

  it('a report deleted before its trigger ran is passed over without an error or a notification', async () => {
    const rep = await reporter(['device-gone']);
    const ref = incidents().doc(unique('gone'));
    // Delivered by hand for a document that does not exist (written and deleted in between).
    await deliverEvent(
      REPORT_TRIGGER,
      cloudEvent({
        id: unique('gone-create'),
        type: 'written',
        document: ref.path,
        value: {
          timestamp: new Date(),
          status: 'Reported',
          email: rep.email,
          reporterId: rep.uid,
          incidentType: 'Fire',
        },
      }),
    );
    assert.equal((await notificationsOf(rep.uid)).length, 0);
    assert.equal((await pushesFor('payload.type_id', ref.id)).length, 0);
    assert.equal(await docData(ref.path), undefined);
  });
});
