import assert from 'node:assert/strict';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { RETRY_AFTER_MS } from '../../src/platform/trigger-failures';
import {
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
} from './stack';
import { waitUntil } from '@campus-safety/testkit/wait';

/**
 * Retries: the platform delivers a failed event again (`retry: true`); neither emulator does, so
 * the tests deliver the same CloudEvent again as Eventarc would. The fault is the emulator-only
 * hook of services/trigger-failures.ts: `emulatorFault: {trigger, failures}` on the document.
 */
const failuresOf = async (document: string) =>
  (
    await db.collection(COLLECTIONS.triggerFailures).where('document', '==', document).get()
  ).docs.map((d) => d.data());

async function faultyReport(failures: number) {
  const rep = await reporter(['device-f']);
  const ref = await reportFiledBy(
    rep,
    { tags: [], emulatorFault: { trigger: 'announceNewIncident', failures } },
    10,
  );
  // The event carries the report as stored (a CloudEvent's timestamp is a Date here).
  const stored = (await ref.get()).data()!;
  const fields = withKeywords({ ...stored, timestamp: (stored.timestamp as Timestamp).toDate() });
  const [record] = await waitFor(
    () => failuresOf(ref.path),
    (list) => list.length === 1,
  );
  return { rep, ref, fields, record: record! };
}

/**
 * The retry of the failed creation event: same id, same document, delivered again once the
 * platform's backoff has passed. This wait is on the clock because the trigger's behaviour is:
 * only an event older than RETRY_AFTER_MS may be a retry.
 */
async function retry(ref: { path: string }, fields: Record<string, unknown>, record: DocumentData) {
  const eventTime = (record.eventTime as Timestamp).toMillis();
  await waitUntil(() => Date.now() >= eventTime + RETRY_AFTER_MS + 500, {
    timeoutMs: RETRY_AFTER_MS + 5000,
    what: "the platform's retry backoff",
  });
  // The report trigger runs every step again; the steps that succeeded the first time see
  // their own marker and pass over.
  await deliverEvent(
    'handleIncidentReportWrite',
    cloudEvent({
      id: record.eventId,
      type: 'written',
      document: ref.path,
      value: fields,
      time: new Date(eventTime).toISOString(),
    }),
  );
}

describe('trigger retries and failure records', function () {
  this.timeout(120_000);

  it('a trigger that fails once still notifies and pushes exactly once, and its record says recovered', async () => {
    const { rep, ref, fields, record } = await faultyReport(1);
    assert.equal(record.trigger, 'announceNewIncident');
    assert.equal(record.attempts, 1);
    assert.equal(record.state, 'retrying');
    assert.match(record.error, /Injected fault 1/);
    // The record is the failed run's last write: nothing of that run can still come.
    assert.deepEqual(await notificationsOf(rep.uid), []);
    assert.deepEqual(await pushesFor('payload.type_id', ref.id), []);

    await retry(ref, fields, record);
    await retry(ref, fields, record); // a second delivery of the same event changes nothing
    const list = await notificationsOf(rep.uid);
    assert.deepEqual(
      list.map((n) => n.title),
      ['Incident Reported'],
    );
    assert.equal((await pushesFor('payload.type_id', ref.id)).length, 1);
    assert.equal((await timelineOf(ref.path)).length, 1);
    const [after] = await failuresOf(ref.path);
    assert.equal(after!.state, 'recovered');
    assert.equal(after!.attempts, 1);
  });

  it('a trigger that keeps failing leaves a record with its attempts, and gives up after the retry window', async () => {
    const { rep, ref, fields, record } = await faultyReport(99);
    await retry(ref, fields, record);
    await retry(ref, fields, record);
    let [now] = await failuresOf(ref.path);
    assert.equal(now!.attempts, 3);
    assert.equal(now!.state, 'retrying');
    assert.match(now!.error, /Injected fault 3/);

    // Delivered again more than an hour after the change: recorded as given up, not retried.
    const old = { ...record, eventTime: Timestamp.fromMillis(Date.now() - 2 * 3_600_000) };
    await retry(ref, fields, old);
    [now] = await failuresOf(ref.path);
    assert.equal(now!.attempts, 4);
    assert.equal(now!.state, 'gave-up');
    assert.deepEqual(await notificationsOf(rep.uid), []);
    assert.deepEqual(await pushesFor('payload.type_id', ref.id), []);
    assert.deepEqual(await timelineOf(ref.path), []);
  });
});
