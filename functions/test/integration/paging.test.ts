import assert from 'node:assert/strict';
import { Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  type AcknowledgeAssignmentResponse,
  type ReassignReportResponse,
} from '@campus-safety/model';
import { mailTo, waitForMail } from '@campus-safety/testkit/mail';
import { freePort } from '@campus-safety/testkit/ports';
import { deliverMail, smtpTransportTo } from '../../src/platform/mail';
import {
  account,
  callError,
  db,
  docData,
  notificationsOf,
  pushesFor,
  reportFiledBy,
  reporter,
  timelineOf,
  waitFor,
  type SignedIn,
} from './stack';

// The runner starts this suite's mail catcher and points the functions' SMTP params at it.
const INBOX = process.env.MAIL_INBOX_URL ?? '';
/** A first page waits for cold starts of several triggers on a busy machine. */
const MAIL_WAIT_MS = 60_000;
const CONSOLE = 'http://console.test';

const assigneeOf = (who: SignedIn, name: string) => ({
  id: who.uid,
  displayName: name,
  email: who.email,
});

/** Assigns `ref` as the console writes it: status, assignee, rating, the writer's uid. */
async function assign(ref: DocumentReference, to: SignedIn, by: SignedIn, name = 'Test IMT') {
  await ref.update({
    status: 'Processing',
    assignedTo: assigneeOf(to, name),
    threatLevel: 'Critical',
    updatedBy: by.uid,
  });
}

const pagedEntries = async (ref: DocumentReference) =>
  (await timelineOf(ref.path)).filter((e) => e.kind === 'paged');

const assignmentNotices = async (uid: string, incidentId: string) =>
  (await notificationsOf(uid)).filter((n) => n.type === 'assignment' && n.type_id === incidentId);

const assignmentPushes = async (incidentId: string) =>
  (await pushesFor('payload.type_id', incidentId)).filter((p) => p.payload.type === 'assignment');

/** The outbox records of an incident's mail to `to`, once they reached a final state. */
async function sentMailTo(to: string) {
  const snap = await db.collection(COLLECTIONS.mailMessages).where('to', '==', to).get();
  return snap.docs.map((d) => d.data());
}

describe('paging the assignee (issue 20)', function () {
  this.timeout(120_000);
  let admin: SignedIn;

  before(async () => {
    assert.ok(INBOX, 'MAIL_INBOX_URL is set by scripts/run-integration.mjs');
    admin = await account({ role: 'Admin', firstName: 'Ada' });
  });

  it('an assignment tells the assignee once: one mail in the catcher, one console notification, one push', async () => {
    const imt = await account({ role: 'IMT', deviceToken: ['imt-device'] });
    const ref = await reportFiledBy(await reporter(), {}, 10);
    await assign(ref, imt, admin);

    const [mail] = await waitForMail(INBOX, { to: imt.email, timeoutMs: MAIL_WAIT_MS });
    assert.equal(mail!.subject, 'Assigned to you: Fire at Main Campus (Critical)');
    assert.match(mail!.text, new RegExp(`${CONSOLE}/reports\\?id=${ref.id}`));
    assert.match(mail!.text, /Assigned by: Ada Admin/);
    // Sent is recorded after the send: from then on, nothing more may arrive.
    await waitFor(
      () => sentMailTo(imt.email),
      (list) => list.length === 1 && list[0]!.state === 'sent',
    );
    assert.equal((await mailTo(INBOX, imt.email)).length, 1);

    const notices = await assignmentNotices(imt.uid, ref.id);
    assert.equal(notices.length, 1);
    assert.equal(notices[0]!.message, 'Assigned to you: Fire at Main Campus (Critical)');
    assert.equal(notices[0]!.isRead, false);
    const pushes = await waitFor(
      () => assignmentPushes(ref.id),
      (list) => list.length > 0,
    );
    assert.equal(pushes.length, 1);
    assert.deepEqual(pushes[0]!.tokens, ['imt-device']);
    assert.equal(pushes[0]!.state, 'sent');

    const incident = await docData(ref.path);
    assert.ok(incident!.assignedAt instanceof Timestamp);
    assert.equal(incident!.acknowledgedAt ?? null, null);
    const [entry] = await pagedEntries(ref);
    assert.match(entry!.detail, /^Told Test IMT: console alert, email, push to 1 device$/);
  });

  it('an unverified or wrong-campus assignee is told nothing, and the timeline says why', async () => {
    const unverified = await account({ role: 'IMT', emailVerified: false });
    const north = await account({ role: 'IMT', campus: 'north' });
    const first = await reportFiledBy(await reporter(), {}, 10);
    const second = await reportFiledBy(await reporter(), {}, 10);
    await assign(first, unverified, admin);
    await assign(second, north, admin);

    const [why1] = await waitFor(
      () => pagedEntries(first),
      (l) => l.length === 1,
    );
    const [why2] = await waitFor(
      () => pagedEntries(second),
      (l) => l.length === 1,
    );
    assert.equal(why1!.detail, "Test IMT was not told: the assignee's email is not verified");
    assert.equal(
      why2!.detail,
      "Test IMT was not told: the assignee has no access to the report's campus",
    );
    // The entry is written in the run that would have queued the page: nothing was queued.
    for (const [who, ref] of [
      [unverified, first],
      [north, second],
    ] as const) {
      assert.deepEqual(await assignmentNotices(who.uid, ref.id), []);
      assert.deepEqual(await sentMailTo(who.email), []);
      assert.deepEqual(await mailTo(INBOX, who.email), []);
      assert.deepEqual(await assignmentPushes(ref.id), []);
    }
  });

  it('"Assign to me" tells nobody and is acknowledged at once, untimed', async () => {
    const imt = await account({ role: 'IMT' });
    const ref = await reportFiledBy(await reporter(), {}, 10);
    await assign(ref, imt, imt);
    const incident = await waitFor(
      () => docData(ref.path),
      (d) => d?.acknowledgedAt instanceof Timestamp,
    );
    assert.equal(incident!.acknowledgeTimeInMinutes, undefined);
    const entries = (await timelineOf(ref.path)).filter((e) => e.kind === 'acknowledged');
    assert.equal(entries.length, 1);
    assert.deepEqual(await assignmentNotices(imt.uid, ref.id), []);
    assert.deepEqual(await sentMailTo(imt.email), []);
  });

  it('only the assignee acknowledges; once, at server time; a second call changes nothing', async () => {
    const imt = await account({ role: 'IMT' });
    const colleague = await account({ role: 'IMT' });
    const ref = await reportFiledBy(await reporter(), {}, 10);
    await assign(ref, imt, admin);
    await waitFor(
      () => docData(ref.path),
      (d) => d?.assignedAt instanceof Timestamp,
    );

    for (const other of [colleague, admin]) {
      const refused = await callError(other.call('acknowledgeAssignment', { incidentId: ref.id }));
      assert.equal(refused.code, 'functions/permission-denied');
      assert.equal(refused.message, 'Only the assignee of this report can acknowledge it.');
    }
    const before = Date.now();
    const first = await imt.call<AcknowledgeAssignmentResponse>('acknowledgeAssignment', {
      incidentId: ref.id,
    });
    assert.equal(first.alreadyAcknowledged, false);
    assert.ok(Date.parse(first.acknowledgedAt) >= before - 5_000);
    const again = await imt.call<AcknowledgeAssignmentResponse>('acknowledgeAssignment', {
      incidentId: ref.id,
    });
    assert.deepEqual(again, { ...first, alreadyAcknowledged: true });

    const incident = await docData(ref.path);
    assert.equal(
      (incident!.acknowledgedAt as Timestamp).toDate().toISOString(),
      first.acknowledgedAt,
    );
    assert.equal(incident!.acknowledgeTimeInMinutes, 0);
    const entries = (await timelineOf(ref.path)).filter((e) => e.kind === 'acknowledged');
    assert.equal(entries.length, 1);
    assert.equal(entries[0]!.actor.uid, imt.uid);
  });

  it('reassignment with a reason tells both, resets the acknowledgement and names the new assignee to the reporter', async () => {
    const rep = await reporter();
    const oldImt = await account({ role: 'IMT', firstName: 'Olga' });
    const newImt = await account({ role: 'IMT', firstName: 'Nico' });
    const outsider = await account({ role: 'IMT', campus: 'north' });
    const ref = await reportFiledBy(rep, {}, 10);
    await assign(ref, oldImt, admin, 'Olga IMT');
    await waitForMail(INBOX, { to: oldImt.email, timeoutMs: MAIL_WAIT_MS });
    await oldImt.call('acknowledgeAssignment', { incidentId: ref.id });

    const input = { incidentId: ref.id, assigneeId: newImt.uid, reason: 'Olga is off shift' };
    const refused = await callError(outsider.call('reassignReport', input));
    assert.equal(refused.code, 'functions/permission-denied');
    const noReason = await callError(oldImt.call('reassignReport', { ...input, reason: ' ' }));
    assert.equal(noReason.code, 'functions/invalid-argument');
    assert.equal(noReason.message, 'Reason is required.');
    const tooLong = await callError(
      oldImt.call('reassignReport', { ...input, reason: 'x'.repeat(501) }),
    );
    assert.equal(tooLong.message, 'Reason must be at most 500 characters.');

    // The campus's IMT may reassign (the spec's IMT works its campus's reports).
    const done = await oldImt.call<ReassignReportResponse>('reassignReport', input);
    assert.deepEqual(done, { incidentId: ref.id, assigneeId: newImt.uid });

    const [toNew] = await waitForMail(INBOX, { to: newImt.email, timeoutMs: MAIL_WAIT_MS });
    assert.match(toNew!.text, /Reason for the reassignment: Olga is off shift/);
    const [toOld] = await waitForMail(INBOX, {
      to: oldImt.email,
      match: (m) => m.subject.startsWith('Reassigned'),
      timeoutMs: MAIL_WAIT_MS,
    });
    assert.match(toOld!.text, /is now with Nico IMT/);
    assert.equal((await assignmentNotices(newImt.uid, ref.id)).length, 1);
    const oldNotices = await assignmentNotices(oldImt.uid, ref.id);
    assert.deepEqual(oldNotices.map((n) => n.title).sort(), ['Assigned to you', 'Reassigned']);

    const incident = await docData(ref.path);
    assert.equal(incident!.assignedTo.id, newImt.uid);
    assert.equal(incident!.acknowledgedAt, null);
    assert.equal(incident!.acknowledgeTimeInMinutes, undefined);
    const [entry] = (await timelineOf(ref.path)).filter((e) => e.kind === 'reassigned');
    assert.equal(entry!.detail, 'Reassigned from Olga IMT to Nico IMT: Olga is off shift');
    const reporterNotices = await notificationsOf(rep.uid);
    assert.ok(
      reporterNotices.some((n) => /^Nico IMT is now handling your Fire report/.test(n.message)),
      JSON.stringify(reporterNotices.map((n) => n.message)),
    );
    // The old assignee may no longer acknowledge; the new one may.
    const stale = await callError(oldImt.call('acknowledgeAssignment', { incidentId: ref.id }));
    assert.equal(stale.code, 'functions/permission-denied');
    const ack = await newImt.call<AcknowledgeAssignmentResponse>('acknowledgeAssignment', {
      incidentId: ref.id,
    });
    assert.equal(ack.alreadyAcknowledged, false);
  });

  it('the outbox: a failed send is recorded and sent again on the retry, never twice', async () => {
    const to = 'outbox-test@campus.test';
    const ref = db.collection(COLLECTIONS.mailMessages).doc(`outbox-${Date.now()}`);
    await ref.set({
      to,
      subject: 'Assigned to you: a test',
      text: 'x',
      state: 'pending',
      attempts: 0,
    });
    // Nothing listens on a port just freed: the SMTP connection is refused.
    const down = smtpTransportTo({ host: '127.0.0.1', port: await freePort(), from: 'a@b.test' });
    await assert.rejects(deliverMail(ref, down), /ECONNREFUSED/);
    const failed = await docData(ref.path);
    assert.equal(failed!.state, 'failed');
    assert.equal(failed!.attempts, 1);
    assert.match(failed!.error, /ECONNREFUSED/);

    const up = smtpTransportTo({
      host: '127.0.0.1',
      port: Number(process.env.MAIL_CATCHER_SMTP_PORT),
      from: 'a@b.test',
    });
    assert.equal(await deliverMail(ref, up), 'sent');
    assert.equal(await deliverMail(ref, up), 'sent');
    const [mail] = await mailTo(INBOX, to);
    assert.equal((await mailTo(INBOX, to)).length, 1);
    assert.equal(mail!.messageId, `<${ref.id}@campus-safety>`);
    const sent = await docData(ref.path);
    assert.equal(sent!.state, 'sent');
    assert.equal(sent!.attempts, 2);
  });
});
