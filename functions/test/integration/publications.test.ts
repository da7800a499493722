import assert from 'node:assert/strict';
import { Timestamp } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  MESSAGES,
  type PublishScheduledResponse,
  type SavePublicationResponse,
} from '@campus-safety/model';
import {
  SCHEDULED_PUBLISHING_FUNCTION,
  publishMessage,
  scheduleTopic,
} from '@campus-safety/testkit/pubsub';
import {
  PROJECT,
  account,
  callError,
  closeAll,
  db,
  docData,
  pushesFor,
  runScheduled,
  waitFor,
  type SignedIn,
} from './stack';
import { waitUntil } from '@campus-safety/testkit/wait';

/** Set by `firebase emulators:exec` when the runner found a Pub/Sub emulator. */
const PUBSUB_HOST = process.env.PUBSUB_EMULATOR_HOST;

/**
 * What the schedule does every minute: one message on the scheduled function's topic, which
 * the Functions emulator delivers to `publishScheduled`.
 */
function scheduleTick(): Promise<string> {
  return publishMessage({
    pubsubHost: PUBSUB_HOST!,
    projectId: PROJECT,
    topic: scheduleTopic(SCHEDULED_PUBLISHING_FUNCTION),
  });
}

const isPublished = (path: string) => async () => (await docData(path))?.isScheduled === false;

describe('saveArticle / saveAnnouncement / scheduled publishing', () => {
  let admin: SignedIn;
  before(async () => {
    admin = await account({ role: 'Admin' });
  });
  after(closeAll);

  it('publishes an article now and sends the topic push as guide', async () => {
    const res = await admin.call<SavePublicationResponse>('saveArticle', {
      title: 'Fire exits',
      description: 'Know them.',
    });
    assert.deepEqual(
      { isScheduled: res.isScheduled, pushed: res.pushed },
      { isScheduled: false, pushed: true },
    );
    const article = await docData(`${COLLECTIONS.articles}/${res.id}`);
    assert.equal(article!.isScheduled, false);
    assert.equal(article!.isArchived, false);
    assert.ok(article!.timestamp instanceof Timestamp);
    const [push] = await pushesFor('payload.type_id', res.id);
    assert.equal(push!.topic, 'all');
    assert.equal(push!.state, 'sent');
    assert.deepEqual(push!.payload, {
      title: 'Fire exits',
      body: 'Know them.',
      type: 'guide',
      type_id: res.id,
    });
  });

  it('schedules an announcement: no push until the scheduled function publishes it on its Pub/Sub message', async function () {
    if (!PUBSUB_HOST) this.skip(); // the runner printed why
    const when = new Date(Date.now() + 3_000);
    const res = await admin.call<SavePublicationResponse>('saveAnnouncement', {
      title: 'Drill',
      body: 'Fire drill on Friday.',
      tags: ['Fire'],
      scheduledDate: when.toISOString(),
    });
    assert.deepEqual(
      { isScheduled: res.isScheduled, pushed: res.pushed },
      { isScheduled: true, pushed: false },
    );
    const doc = await docData(`${COLLECTIONS.announcements}/${res.id}`);
    assert.equal(doc!.isScheduled, true);
    assert.equal(doc!.timestamp.toMillis(), when.getTime());
    assert.equal((await pushesFor('payload.type_id', res.id)).length, 0);

    // An item due later is left alone by the same run.
    const later = await admin.call<SavePublicationResponse>('saveAnnouncement', {
      title: 'Later',
      body: 'Next month.',
      tags: [],
      scheduledDate: new Date(Date.now() + 3_600_000).toISOString(),
    });
    // The item falls due at `when`: a clock condition of the product, not a settle.
    await waitUntil(() => Date.now() > when.getTime(), { timeoutMs: 60_000, what: 'the due date' });
    await scheduleTick();
    await waitFor(isPublished(`${COLLECTIONS.announcements}/${res.id}`), Boolean);
    const published = await docData(`${COLLECTIONS.announcements}/${res.id}`);
    assert.equal(published!.isScheduled, false);
    assert.equal(
      published!.timestamp.toMillis(),
      when.getTime(),
      'the chosen date stays the timestamp',
    );
    // The function pushes after publishing: wait for the push rather than the run, which the
    // test cannot observe.
    const pushes = await waitFor(
      () => pushesFor('payload.type_id', res.id),
      (found) => found.length > 0,
    );
    assert.equal(pushes.length, 1);
    assert.equal(pushes[0]!.payload.type, 'announcement');

    assert.equal((await docData(`${COLLECTIONS.announcements}/${later.id}`))!.isScheduled, true);
    assert.equal((await pushesFor('payload.type_id', later.id)).length, 0);

    // Running the job again publishes nothing twice (called as the scheduler calls it, which
    // returns once the run is over: a run that publishes nothing leaves nothing to wait for).
    await runScheduled(SCHEDULED_PUBLISHING_FUNCTION, scheduleTopic(SCHEDULED_PUBLISHING_FUNCTION));
    assert.equal((await pushesFor('payload.type_id', res.id)).length, 1);
  });

  it('the Admin callable and the schedule running at the same moment publish and push a due item once', async function () {
    if (!PUBSUB_HOST) this.skip();
    const due = await admin.call<SavePublicationResponse>('saveArticle', {
      title: 'Race',
      description: 'Both runs see it due.',
      scheduledDate: new Date(Date.now() - 1000).toISOString(),
    });
    // Both return once their run is over, so the pushes are all there when they have.
    await Promise.all([
      admin.call('publishScheduledNow'),
      runScheduled(SCHEDULED_PUBLISHING_FUNCTION, scheduleTopic(SCHEDULED_PUBLISHING_FUNCTION)),
    ]);
    assert.ok(await isPublished(`${COLLECTIONS.articles}/${due.id}`)());
    assert.equal((await pushesFor('payload.type_id', due.id)).length, 1);
  });

  it("the Admin's publish-now callable publishes a due article and says how many", async () => {
    const due = await admin.call<SavePublicationResponse>('saveArticle', {
      title: 'Now',
      description: 'Published from the console.',
      scheduledDate: new Date(Date.now() - 1000).toISOString(),
    });
    const run = await admin.call<PublishScheduledResponse>('publishScheduledNow');
    assert.ok(run.articles >= 1);
    assert.equal((await docData(`${COLLECTIONS.articles}/${due.id}`))!.isScheduled, false);
    assert.equal((await pushesFor('payload.type_id', due.id)).length, 1);
  });

  it("refuses a scheduledDate that does not parse with 'Invalid scheduledDate format.' and writes nothing", async () => {
    const before = (await db.collection(COLLECTIONS.articles).count().get()).data().count;
    for (const scheduledDate of ['next friday', '2026-02-30T09:00:00Z', 12]) {
      const err = await callError(
        admin.call('saveArticle', { title: 'T', description: 'D', scheduledDate }),
      );
      assert.equal(err.code, 'functions/invalid-argument');
      assert.equal(err.message, MESSAGES.invalidScheduledDate);
    }
    assert.equal((await db.collection(COLLECTIONS.articles).count().get()).data().count, before);
  });

  it('refuses a scheduledDate in year 0001 or years ahead, and hidden characters in titles; writes nothing', async () => {
    const count = async () =>
      (await db.collection(COLLECTIONS.articles).count().get()).data().count;
    const pushCount = async () =>
      (await db.collection(COLLECTIONS.pushMessages).count().get()).data().count;
    const [articles, pushes] = [await count(), await pushCount()];
    const refusals: [Record<string, unknown>, string][] = [
      [
        { scheduledDate: '0001-01-01T00:00:00Z' },
        'Scheduled date: Choose a time in the future, or publish now.',
      ],
      [
        { scheduledDate: '2999-01-01T00:00:00Z' },
        'Scheduled date: Choose a time at most a year from now.',
      ],
      [
        { title: 'Exam \u202Egnp.exe' },
        'Title cannot contain invisible or control characters (found U+202E).',
      ],
      [
        { title: 'Nul\u0000byte' },
        'Title cannot contain invisible or control characters (found U+0000).',
      ],
    ];
    for (const [input, message] of refusals) {
      const err = await callError(
        admin.call('saveArticle', { title: 'T', description: 'D', ...input }),
      );
      assert.equal(err.code, 'functions/invalid-argument');
      assert.equal(err.message, message);
    }
    assert.equal(await count(), articles);
    assert.equal(await pushCount(), pushes);
  });

  it('updates an article without a second push; a missing one gives the spec message', async () => {
    const res = await admin.call<SavePublicationResponse>('saveArticle', {
      title: 'Old',
      description: 'Old text',
    });
    const stamp = (await docData(`${COLLECTIONS.articles}/${res.id}`))!.timestamp.toMillis();
    const updated = await admin.call<SavePublicationResponse>('saveArticle', {
      id: res.id,
      title: 'New',
      description: 'New text',
    });
    assert.equal(updated.pushed, false);
    const doc = await docData(`${COLLECTIONS.articles}/${res.id}`);
    assert.equal(doc!.title, 'New');
    assert.equal(doc!.timestamp.toMillis(), stamp);
    assert.equal((await pushesFor('payload.type_id', res.id)).length, 1);

    const missing = await callError(
      admin.call('saveArticle', { id: 'no-such-article', title: 'T', description: 'D' }),
    );
    assert.equal(missing.code, 'functions/not-found');
    assert.match(missing.message, /^Failed to update article\./);
    const missingAnn = await callError(
      admin.call('saveAnnouncement', { id: 'nope', title: 'T', body: 'B', tags: [] }),
    );
    assert.match(missingAnn.message, /^Failed to update announcement\./);
    assert.equal(await docData(`${COLLECTIONS.articles}/no-such-article`), undefined);
  });

  it('refuses IMT callers and bad input', async () => {
    const imt = await account({ role: 'IMT' });
    assert.equal(
      (await callError(imt.call('saveArticle', { title: 'T', description: 'D' }))).code,
      'functions/permission-denied',
    );
    assert.equal(
      (await callError(imt.call('publishScheduledNow'))).code,
      'functions/permission-denied',
    );
    const err = await callError(
      admin.call('saveAnnouncement', { title: 'T', body: 'B', tags: 'Fire' }),
    );
    assert.equal(err.code, 'functions/invalid-argument');
    assert.equal(err.message, 'Tags must be a list.');
    const oversized = await callError(
      admin.call('saveArticle', { title: 'x'.repeat(151), description: 'D' }),
    );
    assert.match(oversized.message, /Title must be at most 150/);
  });
});
