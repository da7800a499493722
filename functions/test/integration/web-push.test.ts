import assert from 'node:assert/strict';
import { COLLECTIONS, type SendMassNotificationResponse } from '@campus-safety/model';
import { startPushService, type PushService } from './push-service';
import {
  account,
  closeAll,
  db,
  docData,
  pushesFor,
  reportFiledBy,
  reporter,
  waitFor,
  type AccountSpec,
} from './stack';

/**
 * Web Push end to end (docs/decisions.md#web-push): the functions push to a real push service on
 * this machine, which checks the VAPID signature and decrypts what it got. Only FCM is a stand-in.
 */
describe('Web Push to browsers', function () {
  this.timeout(180_000);
  let service: PushService;

  before(async () => {
    service = await startPushService();
  });
  after(async () => {
    await service.stop();
    await closeAll();
  });

  const userDoc = (uid: string) => docData(`${COLLECTIONS.users}/${uid}`);

  it("a report's notification reaches the reporter's browser; a gone one is forgotten", async () => {
    const [live, gone] = [await service.subscribe(), await service.subscribe()];
    await gone.expire();
    const rep = await reporter(['device-a']);
    await db
      .doc(`${COLLECTIONS.users}/${rep.uid}`)
      .update({ webPush: [live.subscription, gone.subscription] });

    const ref = await reportFiledBy(rep);
    const [message] = await waitFor(
      () => live.received(),
      (got) => got.length === 1,
    );
    assert.deepEqual(message, {
      title: 'Incident Reported',
      body: (message as { body: string }).body,
      type: 'report',
      type_id: ref.id,
    });
    assert.match((message as { body: string }).body, /\S/);

    // The 410 prunes that subscription from the reporter (the sender knows the owner here).
    const doc = await waitFor(
      () => userDoc(rep.uid),
      (d) => (d?.webPush as unknown[]).length === 1,
    );
    assert.deepEqual(doc!.webPush, [live.subscription]);
    assert.deepEqual(doc!.deviceToken, ['device-a'], 'the FCM token still went its own way');
    const [record] = await waitFor(
      () => pushesFor('payload.type_id', ref.id),
      (p) => p.length === 1,
    );
    assert.equal(record!.state, 'sent');
    assert.equal(record!.sent, 2);
    assert.deepEqual(record!.tokens, [
      'device-a',
      `webpush:${live.subscription.endpoint}`,
      `webpush:${gone.subscription.endpoint}`,
    ]);
    assert.deepEqual(record!.removedTokens, [`webpush:${gone.subscription.endpoint}`]);
    assert.ok(
      !JSON.stringify(record).includes(live.subscription.auth),
      'the record keeps no device key',
    );
  });

  it("an alert's fan-out reaches a staff member's console; a gone one is forgotten", async () => {
    const verified = async (spec: AccountSpec) => {
      const who = await account(spec);
      await waitFor(
        () => userDoc(who.uid),
        (d) => d?.emailVerified === true,
      );
      return who;
    };
    const admin = await verified({ role: 'Admin', firstName: 'Ada' });
    const imt = await verified({ role: 'IMT', firstName: 'Ike' });
    const [live, gone] = [await service.subscribe(), await service.subscribe()];
    await gone.expire();
    await db
      .doc(`${COLLECTIONS.users}/${imt.uid}`)
      .update({ webPush: [gone.subscription, live.subscription] });

    const res = await admin.call<SendMassNotificationResponse>('sendMassNotification', {
      kind: 'general',
      title: 'Gas leak',
      body: 'Staff: keep the east wing closed.',
      audience: { allCampuses: true, campuses: [], staffOnly: true },
      channels: ['push'],
    });
    const [message] = await waitFor(
      () => live.received(),
      (got) => got.length === 1,
    );
    assert.deepEqual(message, {
      title: 'Gas leak',
      body: 'Staff: keep the east wing closed.',
      type: 'mass-notification',
      type_id: res.id,
    });
    // A page's push does not know whose devices it holds: the dead one is looked up and removed.
    const doc = await waitFor(
      () => userDoc(imt.uid),
      (d) => (d?.webPush as unknown[]).length === 1,
    );
    assert.deepEqual(doc!.webPush, [live.subscription]);
  });
});
