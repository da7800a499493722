import assert from 'node:assert/strict';
import { Timestamp, type DocumentData, type DocumentReference } from 'firebase-admin/firestore';
import { COLLECTIONS, type HousekeepingResponse } from '@campus-safety/model';
import { mailTo } from '@campus-safety/testkit/mail';
import { FIRST_RETRY_DELAY_MS, MAX_ATTEMPTS } from '../../src/platform/trigger-failures';
import {
  account,
  cloudEvent,
  db,
  deliverEvent,
  notificationsOf,
  pushesFor,
  reportFiledBy,
  reporter,
  timelineOf,
  waitFor,
  withKeywords,
  type SignedIn,
} from './stack';

/**
 * Re-runs: a failed step is recorded in `trigger_failures` with its event, and housekeeping runs
 * it again once its `retryAt` has come (platform/trigger-failures.ts), the same on the emulators
 * and in production. The fault is the emulator-only hook: a write setting `emulatorFault:
 * {trigger, failures, at}` on the document fails that step on its first `failures` attempts at
 * that write's event, before its work or (`at: 'end'`) after all of it. The backoff's minutes are not waited out: a test moves the
 * record's `retryAt` to now, as the clock would.
 */
const INBOX = process.env.MAIL_INBOX_URL ?? '';

const failuresOf = async (document: string, trigger: string) =>
  (
    await db
      .collection(COLLECTIONS.triggerFailures)
      .where('document', '==', document)
      .where('trigger', '==', trigger)
      .get()
  ).docs;

async function recordOf(ref: DocumentReference, trigger: string, state = 'retrying') {
  const [record] = await waitFor(
    () => failuresOf(ref.path, trigger),
    (list) => list.length === 1 && list[0]!.get('state') === state,
  );
  return record!;
}

/** The minutes of backoff have passed: the record is due at the next housekeeping run. */
async function makeDue(record: { ref: DocumentReference }) {
  await record.ref.update({ retryAt: Timestamp.now() });
}

const millis = (value: unknown) => (value as Timestamp).toMillis();

describe('trigger re-runs from housekeeping', function () {
  this.timeout(180_000);
  let admin: SignedIn;
  const housekeeping = () => admin.call<HousekeepingResponse>('runHousekeeping');

  before(async () => {
    admin = await account({ role: 'Admin', firstName: 'Ada' });
  });

  it('a step that failed is run once more when due, notifying and pushing exactly once, and says recovered', async () => {
    const rep = await reporter(['device-f']);
    const ref = await reportFiledBy(
      rep,
      { tags: [], emulatorFault: { trigger: 'announceNewIncident', failures: 1 } },
      0,
    );
    const record = await recordOf(ref, 'announceNewIncident');
    const data = record.data();
    assert.equal(data.attempts, 1);
    assert.match(data.error, /Injected fault 1/);
    assert.equal(
      millis(data.retryAt) - millis(data.lastFailedAt) >= FIRST_RETRY_DELAY_MS - 1000,
      true,
    );
    // The record is the failed run's last write: nothing of that run can still come.
    assert.deepEqual(await notificationsOf(rep.uid), []);

    await housekeeping(); // not due yet: the record waits for its minute
    assert.equal((await record.ref.get()).get('state'), 'retrying');
    assert.deepEqual(await notificationsOf(rep.uid), []);

    await makeDue(record);
    assert.ok((await housekeeping()).retriedFailures >= 1);
    const after = (await record.ref.get()).data()!;
    assert.equal(after.state, 'recovered');
    assert.equal(after.attempts, 1);
    assert.equal(after.retryAt, undefined);
    assert.deepEqual(
      (await notificationsOf(rep.uid)).map((n) => n.title),
      ['Incident Reported'],
    );

    // Neither another housekeeping run nor the platform delivering the event again adds anything.
    await housekeeping();
    const stored = (await ref.get()).data()!;
    await deliverEvent(
      'handleIncidentReportWrite',
      cloudEvent({
        id: data.eventId,
        type: 'written',
        document: ref.path,
        value: withKeywords({ ...stored, timestamp: (stored.timestamp as Timestamp).toDate() }),
        time: (data.eventTime as Timestamp).toDate().toISOString(),
      }),
    );
    assert.equal((await notificationsOf(rep.uid)).length, 1);
    assert.equal((await pushesFor('payload.type_id', ref.id)).length, 1);
    assert.deepEqual(
      (await timelineOf(ref.path)).map((e) => e.kind),
      ['reported'],
    );
  });

  it('a step that keeps failing waits twice as long after each attempt, and is failed for good after the last', async () => {
    const rep = await reporter();
    const ref = await reportFiledBy(
      rep,
      { tags: [], emulatorFault: { trigger: 'announceNewIncident', failures: 99 } },
      0,
    );
    let record = await recordOf(ref, 'announceNewIncident');
    for (let attempts = 1; attempts < MAX_ATTEMPTS; attempts += 1) {
      const data: DocumentData = record.data();
      assert.equal(data.attempts, attempts);
      assert.equal(data.state, 'retrying');
      const wait = millis(data.retryAt) - millis(data.lastFailedAt);
      const expected = FIRST_RETRY_DELAY_MS * 2 ** (attempts - 1);
      assert.ok(Math.abs(wait - expected) < 5_000, `wait ${wait} ms after attempt ${attempts}`);
      await makeDue(record);
      await housekeeping();
      record = (await failuresOf(ref.path, 'announceNewIncident'))[0]!;
    }
    const last = record.data();
    assert.equal(last.attempts, MAX_ATTEMPTS);
    assert.equal(last.state, 'failed');
    assert.equal(last.retryAt, undefined);
    assert.match(last.error, new RegExp(`Injected fault ${MAX_ATTEMPTS}`));
    await housekeeping(); // a failed record is not run again
    assert.equal((await record.ref.get()).get('attempts'), MAX_ATTEMPTS);
    assert.deepEqual(await notificationsOf(rep.uid), []);
    assert.deepEqual(await timelineOf(ref.path), []);
  });

  describe('an assignment whose paging step failed', () => {
    before(() => assert.ok(INBOX, 'MAIL_INBOX_URL is set by scripts/run-integration.mjs'));

    /** Files a report and assigns it as the console writes it, the paging step set to fail. */
    async function assignedWithFault(at: 'start' | 'end') {
      const imt = await account({ role: 'IMT', deviceToken: ['imt-device'] });
      const ref = await reportFiledBy(await reporter(), {}, 0);
      await ref.update({
        emulatorFault: { trigger: 'pageAssignee', failures: 1, at },
        status: 'Processing',
        assignedTo: { id: imt.uid, displayName: 'Test IMT', email: imt.email },
        threatLevel: 'Critical',
        updatedBy: admin.uid,
      });
      return { imt, ref, record: await recordOf(ref, 'pageAssignee') };
    }

    /** What the assignee got of `ref`: timeline entries, console notices, pushes, mails. */
    async function pagesOf(imt: SignedIn, ref: DocumentReference) {
      return {
        paged: (await timelineOf(ref.path)).filter((e) => e.kind === 'paged').length,
        notices: (await notificationsOf(imt.uid)).filter(
          (n) => n.type === 'assignment' && n.type_id === ref.id,
        ).length,
        pushes: (await pushesFor('payload.type_id', ref.id)).filter(
          (p) => p.payload.type === 'assignment',
        ).length,
        mails: (await mailTo(INBOX, imt.email)).length,
      };
    }

    it('failed before its work: housekeeping pages the assignee once, by every channel', async () => {
      const { imt, ref, record } = await assignedWithFault('start');
      assert.deepEqual(await pagesOf(imt, ref), { paged: 0, notices: 0, pushes: 0, mails: 0 });

      await makeDue(record);
      await housekeeping();
      assert.equal((await record.ref.get()).get('state'), 'recovered');
      const paged = await waitFor(
        () => pagesOf(imt, ref),
        (got) => got.mails > 0,
      );
      assert.deepEqual(paged, { paged: 1, notices: 1, pushes: 1, mails: 1 });
      // Stamped from the assignment's commit, not the re-run's time.
      const incident = (await ref.get()).data()!;
      assert.ok(millis(incident.assignedAt) < millis(record.get('lastFailedAt')));
    });

    it('failed after all its work: housekeeping runs it again and nothing is sent twice', async () => {
      const { imt, ref, record } = await assignedWithFault('end');
      const first = await waitFor(
        () => pagesOf(imt, ref),
        (got) => got.mails === 1,
      );
      assert.deepEqual(first, { paged: 1, notices: 1, pushes: 1, mails: 1 });

      await makeDue(record);
      await housekeeping();
      const after = (await record.ref.get()).data()!;
      assert.equal(after.state, 'recovered');
      assert.equal(after.attempts, 1);
      assert.deepEqual(await pagesOf(imt, ref), { paged: 1, notices: 1, pushes: 1, mails: 1 });
    });
  });
});
