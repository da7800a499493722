/**
 * Issue 20 (paging): nobody forges an acknowledgement, an assignment time or a reassignment on a
 * report, nobody reassigns by writing the report (only reassignReport, with a reason), nobody
 * acknowledges for the assignee or pages someone else, and the mail outbox is the server's alone.
 */
import assert from 'node:assert/strict';
import { arrayUnion, doc, getDoc, setDoc, updateDoc } from 'firebase/firestore';
import { LIMITS } from '@campus-safety/model';
import { theCast, type Cast } from './cast';
import { admin, assignee, incident, refused, unique, waitFor } from './support';

describe('attacks: paging, acknowledgement and reassignment (issue 20)', () => {
  let c: Cast;
  let inProgress: string;
  before(async () => {
    c = await theCast();
    // A Main Campus report assigned to Mia (the IMT of Main Campus) by the Admin.
    inProgress = await incident('main', c.reporter);
    await admin.db.doc(`incident_reports/${inProgress}`).update({
      status: 'Processing',
      threatLevel: 'High',
      assignedTo: await assignee(c.imtMain),
      updatedBy: c.admin.uid,
    });
    // The triggers are done once the page's assignment time, the status trigger's waiting time
    // and the keywords trigger's assignee words are all recorded.
    await waitFor(
      async () => (await admin.db.doc(`incident_reports/${inProgress}`).get()).data(),
      (d) =>
        d?.assignedAt !== undefined &&
        d?.waitingTimeInMinutes !== undefined &&
        Array.isArray(d?.keywords) &&
        d.keywords.includes('mia'),
    );
  });

  for (const [label, change] of [
    ['an acknowledgement of its own timing', { acknowledgedAt: new Date() }],
    ['a time to acknowledge', { acknowledgeTimeInMinutes: 0 }],
    ['an earlier assignment time', { assignedAt: new Date(0) }],
    ['a reassignment record', { reassignment: { reason: 'x', fromId: null, byUid: 'x' } }],
  ] as const) {
    it(`the assignee cannot write ${label}`, async () => {
      await refused(
        () =>
          updateDoc(doc(c.imtMain.db, 'incident_reports', inProgress), {
            ...change,
            updatedBy: c.imtMain.uid,
          }),
        [`incident_reports/${inProgress}`],
      );
    });
  }

  it('an assignment cannot carry its own acknowledgement', async () => {
    const id = await incident('main', c.reporter);
    await refused(
      async () =>
        updateDoc(doc(c.admin.db, 'incident_reports', id), {
          status: 'Processing',
          threatLevel: 'Low',
          assignedTo: await assignee(c.imtMain),
          updatedBy: c.admin.uid,
          acknowledgedAt: new Date(),
        }),
      [`incident_reports/${id}`],
    );
  });

  it('nobody reassigns a report in progress by writing it, not even an Admin', async () => {
    for (const who of [c.admin, c.imtMain]) {
      await refused(
        async () =>
          updateDoc(doc(who.db, 'incident_reports', inProgress), {
            assignedTo: await assignee(c.admin),
            updatedBy: who.uid,
          }),
        [`incident_reports/${inProgress}`],
      );
    }
  });

  it('nobody acknowledges for the assignee, and an IMT of another campus cannot reassign', async () => {
    for (const who of [c.admin, c.imtNorth, c.reporter]) {
      await refused(
        () => who.call('acknowledgeAssignment', { incidentId: inProgress }),
        [`incident_reports/${inProgress}`],
      );
    }
    await refused(
      () =>
        c.imtNorth.call('reassignReport', {
          incidentId: inProgress,
          assigneeId: c.admin.uid,
          reason: 'Taking it over',
        }),
      [`incident_reports/${inProgress}`],
    );
    // An app user is not staff at all.
    await refused(
      () =>
        c.reporter.call('reassignReport', {
          incidentId: inProgress,
          assigneeId: c.reporter.uid,
          reason: 'Mine now',
        }),
      [`incident_reports/${inProgress}`],
    );
  });

  it('nobody leaves a page in another person’s notifications, or in their own', async () => {
    const page = {
      title: 'Assigned to you',
      message: 'Assigned to you: Fire at Main Campus (Critical)',
      type: 'assignment',
      type_id: inProgress,
      isRead: false,
      timestamp: new Date(),
    };
    for (const [who, target] of [
      [c.imtNorth, c.imtMain],
      [c.admin, c.imtMain],
      [c.imtMain, c.imtMain],
    ] as const) {
      const path = `users/${target.uid}/notifications/${unique('forged')}`;
      await refused(() => setDoc(doc(who.db, path), page), [path]);
    }
  });

  it('the mail outbox is the server’s: nobody reads or queues mail', async () => {
    const queued = (await admin.db.collection('mail_messages').limit(1).get()).docs[0];
    assert.ok(queued, 'the assignment queued a mail');
    for (const who of [c.admin, c.imtMain]) {
      await refused(() => getDoc(doc(who.db, 'mail_messages', queued.id)), []);
      const path = `mail_messages/${unique('forged')}`;
      await refused(
        () =>
          setDoc(doc(who.db, path), {
            to: 'victim@campus.test',
            subject: 'Assigned to you',
            text: 'Open http://evil.test',
            state: 'pending',
          }),
        [path],
      );
    }
  });

  it("device tokens: only one's own, and at most LIMITS.deviceTokens of them", async () => {
    await refused(
      () =>
        updateDoc(doc(c.imtNorth.db, 'users', c.imtMain.uid), {
          deviceToken: arrayUnion('attacker-device'),
        }),
      [`users/${c.imtMain.uid}`],
    );
    const tooMany = Array.from({ length: LIMITS.deviceTokens + 1 }, (_, i) => `console-${i}`);
    await refused(
      () => updateDoc(doc(c.imtMain.db, 'users', c.imtMain.uid), { deviceToken: tooMany }),
      [`users/${c.imtMain.uid}`],
    );
  });
});
