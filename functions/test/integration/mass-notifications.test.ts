import assert from 'node:assert/strict';
import { Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { collection, doc, getDoc, getDocs, updateDoc } from 'firebase/firestore';
import {
  COLLECTIONS,
  LIMITS,
  MASS_NOTIFICATION_BATCHES,
  MASS_NOTIFICATION_PUSH_CALLS,
  MASS_NOTIFICATION_RECIPIENTS,
  LAST_LOCATION_LIMITS,
  coarseLocation,
  MASS_NOTIFICATION_READ_SHARDS,
  MASS_NOTIFICATION_READERS,
  MASS_NOTIFICATION_REPLIES,
  MASS_NOTIFICATION_REPLY_SHARDS,
  DEFAULT_REPLY_CHOICES,
  SETTING_IDS,
  sumReplyShards,
  DEFAULT_TEMPLATES,
  parseInvitationCode,
  type CreateAccountResponse,
  reaches,
  sumReceipts,
  type Audience,
  type AudienceCount,
  type Campus,
  type SendMassNotificationResponse,
  type SendMassNotificationTestResponse,
} from '@campus-safety/model';
import { mailTo, waitForMail } from '@campus-safety/testkit/mail';
import { publishMessage, scheduleTopic } from '@campus-safety/testkit/pubsub';
import { waitUntil } from '@campus-safety/testkit/wait';
import { smtpTransportTo } from '../../src/platform/mail';
import { recordingSmsProvider } from '../../src/platform/sms';
import { pushSender } from '../../src/push/sender';
import { emulatorTransport } from '../../src/push/emulator-transport';
import { deliverMassNotificationBatch } from '../../src/services/mass-notifications/deliver';
import { sendPageMessages } from '../../src/services/mass-notifications/drain';
import { planMassNotification } from '../../src/services/mass-notifications/plan';
import {
  PROJECT,
  account,
  auth,
  backgroundTriggers,
  callError,
  closeAll,
  db,
  docData,
  notificationsOf,
  sentTextsTo,
  reportFiledBy,
  reporter,
  signIn,
  unique,
  waitFor,
  type SignedIn,
} from './stack';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
const [MAIN, NORTH] = DEMO_CAMPUSES as [Campus, Campus, Campus];

const INBOX = process.env.MAIL_INBOX_URL ?? '';
const MAIL_WAIT_MS = 60_000;
const SCHEDULED = 'sendScheduledMassNotifications';
const CONSOLE_URL = 'http://console.test';

const alertRef = (id: string) => db.collection(COLLECTIONS.massNotifications).doc(id);
const approvalRef = () => db.collection(COLLECTIONS.settings).doc(SETTING_IDS.alertApproval);

/** A verified account whose users doc carries the server's mirror of it (what targeting reads). */
async function person(spec: Parameters<typeof account>[0], phone?: string): Promise<SignedIn> {
  const who = await account(spec);
  if (phone) {
    await auth.updateUser(who.uid, {
      multiFactor: { enrolledFactors: [{ uid: 'phone-1', factorId: 'phone', phoneNumber: phone }] },
    });
  }
  const verified = spec.emailVerified ?? true;
  await waitFor(
    () => docData(`${COLLECTIONS.users}/${who.uid}`),
    (d) => d?.emailVerified === verified,
  );
  return who;
}

/** The alert once its fan-out has planned every page and delivered each. */
async function delivered(id: string) {
  const alert = await waitFor(
    () => docData(alertRef(id).path),
    (d) => d?.state === 'sent' && !!d.plan,
  );
  const batches = await waitFor(
    async () => (await alertRef(id).collection(MASS_NOTIFICATION_BATCHES).get()).docs,
    (docs) =>
      docs.length === alert!.plan.batches && docs.every((d) => d.get('state') === 'delivered'),
  );
  return { alert: alert!, batches };
}

/** The server-only list of a page's people. */
const recipientsList = (page: DocumentReference) =>
  page.collection(MASS_NOTIFICATION_RECIPIENTS).doc('list');

/** A shared location, as the app writes it (`at` given here to make one stale). */
function locate(uid: string, point: { latitude: number; longitude: number }, at = new Date()) {
  return db
    .collection(COLLECTIONS.lastLocations)
    .doc(uid)
    .set({
      ...coarseLocation(point),
      at: Timestamp.fromDate(at),
      expiresAt: Timestamp.fromMillis(at.getTime() + LAST_LOCATION_LIMITS.keepHours * 3_600_000),
    });
}

const mainEveryone: Audience = { allCampuses: false, campuses: ['main'], staffOnly: false };

describe('mass notifications (issue 21)', function () {
  this.timeout(180_000);
  let admin: SignedIn;
  let secondAdmin: SignedIn;

  before(async () => {
    assert.ok(INBOX, 'MAIL_INBOX_URL is set by scripts/run-integration.mjs');
    admin = await person({ role: 'Admin', firstName: 'Ada' });
    secondAdmin = await person({ role: 'Admin', firstName: 'Bea' });
  });
  after(async () => {
    await approvalRef().delete();
    await closeAll();
  });

  it('an alert to Main Campus reaches exactly its verified people by every channel, counted by person', async () => {
    const mainUser = await person(
      {
        role: 'User',
        campus: 'main',
        deviceToken: ['main-phone', 'emulator-unregistered-old'],
      },
      '+16505550101',
    );
    const mainImt = await person({ role: 'IMT', deviceToken: ['emulator-unregistered-gone'] });
    const unverified = await person(
      { role: 'User', campus: 'main', emailVerified: false, deviceToken: ['u-phone'] },
      '+16505550102',
    );
    const north = await person(
      { role: 'User', campus: 'north', deviceToken: ['n-phone'] },
      '+16505550103',
    );

    const res = await admin.call<SendMassNotificationResponse>('sendMassNotification', {
      kind: 'general',
      title: 'Water main break',
      body: 'Avoid the science quad until noon.',
      audience: mainEveryone,
      channels: ['push', 'inApp', 'email', 'sms'],
    });
    assert.equal(res.state, 'sending');
    const { alert, batches } = await delivered(res.id);

    // Who should be reached: every verified, live Main Campus account in the database.
    const everyone = await db.collection(COLLECTIONS.users).get();
    const expected = everyone.docs.filter((d) => reaches(mainEveryone, d.data())).map((d) => d.id);
    assert.ok(expected.includes(mainUser.uid) && expected.includes(mainImt.uid));
    assert.equal(alert.plan.people, expected.length);
    const receipts = sumReceipts(batches.map((b) => b.data()));
    for (const channel of ['push', 'inApp', 'email', 'sms'] as const)
      assert.equal(receipts[channel].targeted, expected.length, channel);
    assert.equal(receipts.inApp.sent, expected.length);
    assert.equal(receipts.email.sent, expected.length);

    const notice = await docData(
      `${COLLECTIONS.users}/${mainUser.uid}/${COLLECTIONS.notifications}/mass-${res.id}`,
    );
    assert.equal(notice?.title, 'Water main break');
    assert.equal(notice?.alertId, res.id);
    for (const nobody of [unverified, north]) {
      assert.equal(
        (await notificationsOf(nobody.uid)).filter((n) => n.type === 'mass-notification').length,
        0,
      );
    }

    const [mail] = await waitForMail(INBOX, { to: mainUser.email, timeoutMs: MAIL_WAIT_MS });
    assert.equal(mail!.subject, 'Water main break');
    assert.match(mail!.text, /Avoid the science quad/);
    assert.equal((await mailTo(INBOX, unverified.email)).length, 0);
    assert.equal((await mailTo(INBOX, north.email)).length, 0);

    const sms = await db
      .collection(COLLECTIONS.smsMessages)
      .where('to', 'in', ['+16505550101', '+16505550102', '+16505550103'])
      .get();
    assert.deepEqual(
      sms.docs.map((d) => [d.get('to'), d.get('state')]),
      [['+16505550101', 'sent']],
    );
    assert.equal(sms.docs[0]!.get('text'), 'Water main break: Avoid the science quad until noon.');
    // SMS reaches only people with a verified phone; the others are counted as skipped.
    assert.equal(receipts.sms.sent + receipts.sms.skipped, expected.length);
    assert.ok(receipts.sms.sent >= 1);

    // Push counts people: the IMT's only token is dead (failed, and pruned); the user's live one counts.
    assert.ok(receipts.push.failed >= 1 && receipts.push.sent >= 1);
    assert.equal(
      receipts.push.sent + receipts.push.failed + receipts.push.skipped,
      expected.length,
    );
    const imtDoc = await waitFor(
      () => docData(`${COLLECTIONS.users}/${mainImt.uid}`),
      (d) => (d?.deviceToken as string[]).length === 0,
    );
    assert.deepEqual(imtDoc!.deviceToken, []);
    const userDoc = await docData(`${COLLECTIONS.users}/${mainUser.uid}`);
    assert.deepEqual(userDoc!.deviceToken, ['main-phone']);
    const pushes = await db
      .collection(COLLECTIONS.pushMessages)
      .where('payload.type_id', '==', res.id)
      .get();
    const pushedTokens = pushes.docs.flatMap((d) => d.get('tokens') as string[]);
    assert.ok(pushedTokens.includes('main-phone'));
    assert.ok(!pushedTokens.includes('u-phone') && !pushedTokens.includes('n-phone'));

    // The person opens it: the read receipt counts them once, however often they toggle "read".
    const notification = doc(
      mainUser.firestore,
      `${COLLECTIONS.users}/${mainUser.uid}/${COLLECTIONS.notifications}/mass-${res.id}`,
    );
    const toggles = 5;
    await updateDoc(notification, { isRead: true });
    for (let i = 0; i < toggles; i++) {
      await updateDoc(notification, { isRead: false });
      await updateDoc(notification, { isRead: true });
    }
    await waitFor(
      () => docData(alertRef(res.id).collection(MASS_NOTIFICATION_READERS).doc(mainUser.uid).path),
      (reader) => reader?.opened === toggles + 1,
    );
    const shards = await waitFor(
      async () => (await alertRef(res.id).collection(MASS_NOTIFICATION_READ_SHARDS).get()).docs,
      (docs) =>
        sumReceipts(
          [],
          docs.map((d) => d.data()),
        ).read === 1,
    );
    assert.equal(
      sumReceipts(
        [],
        shards.map((d) => d.data()),
      ).read,
      1,
    );
  });

  it('the send step counts, per channel, exactly whom the alert then reaches; only its senders may count', async () => {
    const riverside: Audience = {
      allCampuses: false,
      campuses: ['riverside'],
      staffOnly: false,
    };
    const withPhone = await person({
      role: 'User',
      campus: 'riverside',
      deviceToken: ['r-phone'],
    });
    await db.collection(COLLECTIONS.alertPhones).doc(withPhone.uid).set({ phone: '+16505550171' });
    await person({ role: 'User', campus: 'riverside' });
    const riversideImt = await person({ role: 'IMT', campus: 'riverside' }, '+16505550172');
    await person({
      role: 'User',
      campus: 'riverside',
      emailVerified: false,
      deviceToken: ['x'],
    });
    const northImt = await person({ role: 'IMT', campus: 'north' });

    const count = await riversideImt.call<AudienceCount>('countMassNotificationAudience', {
      audience: riverside,
    });
    const res = await riversideImt.call<SendMassNotificationResponse>('sendMassNotification', {
      kind: 'general',
      title: 'Fire drill',
      body: 'Riverside halls, 3 pm.',
      audience: riverside,
      channels: ['push', 'inApp', 'email', 'sms'],
    });
    const { alert, batches } = await delivered(res.id);
    const receipts = sumReceipts(batches.map((b) => b.data()));
    assert.ok(count.people >= 3, 'the three verified Riverside people at least');
    assert.equal(count.people, alert.plan.people);
    assert.equal(count.channels.inApp, receipts.inApp.sent);
    assert.equal(count.channels.email, receipts.email.sent);
    assert.equal(count.channels.sms, receipts.sms.sent);
    assert.ok(count.channels.sms >= 2, "the alert phone and the IMT's second factor");
    assert.equal(count.channels.push, receipts.push.sent + receipts.push.failed);

    // Another campus's IMT, and a reporter, learn nothing about the audience.
    const refused = await callError(
      northImt.call('countMassNotificationAudience', { audience: riverside }),
    );
    assert.equal(refused.code, 'functions/permission-denied');
    const reporterRefused = await callError(
      withPhone.call('countMassNotificationAudience', { audience: riverside }),
    );
    assert.equal(reporterRefused.code, 'functions/permission-denied');
    // Their phones go again: a later test here stubs the phones of Riverside's people.
    await db.collection(COLLECTIONS.alertPhones).doc(withPhone.uid).delete();
    await auth.updateUser(riversideImt.uid, { multiFactor: { enrolledFactors: null } });
  });

  it('reporters who chose their campus in the app are its "everyone": an alert reaches them, not another campus’s, and follows a change', async () => {
    const [nora, rick, nobody] = await Promise.all([
      person({ role: 'User' }),
      person({ role: 'User' }),
      person({ role: 'User' }),
    ]);
    // As /app saves it (Your profile): the reporter's own write, which the product's rules judge.
    const choose = (who: SignedIn, campus: string | null) =>
      updateDoc(doc(who.firestore, COLLECTIONS.users, who.uid), {
        campus,
        affiliation: 'student',
      });
    await Promise.all([choose(nora, 'north'), choose(rick, 'riverside'), choose(nobody, null)]);
    const alertTo = async (campus: 'north' | 'riverside', title: string) => {
      const res = await admin.call<SendMassNotificationResponse>('sendMassNotification', {
        kind: 'general',
        title,
        body: 'Use the east entrance.',
        audience: { allCampuses: false, campuses: [campus], staffOnly: false },
        channels: ['inApp'],
      });
      await delivered(res.id);
      return res.id;
    };
    const reached = async (alertId: string) => {
      const got: string[] = [];
      for (const who of [nora, rick, nobody]) {
        const notice = await docData(
          `${COLLECTIONS.users}/${who.uid}/${COLLECTIONS.notifications}/mass-${alertId}`,
        );
        if (notice) got.push(who.uid);
      }
      return got;
    };

    const north = await alertTo('north', 'North quad closed');
    assert.deepEqual(await reached(north), [nora.uid]);

    // Nora moves to Riverside Campus: the next North alert passes her by, Riverside's reaches her.
    await choose(nora, 'riverside');
    const northAgain = await alertTo('north', 'North quad still closed');
    assert.deepEqual(await reached(northAgain), []);
    const riverside = await alertTo('riverside', 'Riverside lot flooded');
    assert.deepEqual(await reached(riverside), [nora.uid, rick.uid]);
  });

  it('a retried page sends nobody anything twice', async () => {
    const target = await person(
      { role: 'User', campus: 'riverside', deviceToken: ['r-phone'] },
      '+16505550104',
    );
    const res = await admin.call<SendMassNotificationResponse>('sendMassNotification', {
      kind: 'general',
      title: 'Retry check',
      body: 'Once only.',
      audience: { allCampuses: false, campuses: ['riverside'], staffOnly: false },
      channels: ['push', 'inApp', 'email', 'sms'],
    });
    const { batches } = await delivered(res.id);
    await waitForMail(INBOX, { to: target.email, timeoutMs: MAIL_WAIT_MS });
    const before = sumReceipts(batches.map((b) => b.data()));

    // A run that died after its writes and before its last record: the page runs again.
    const page = (
      await Promise.all(batches.map(async (b) => ({ b, list: await recipientsList(b.ref).get() })))
    ).find(({ list }) => (list.get('uids') as string[]).includes(target.uid))!.b;
    await page.ref.update({ state: 'written' });
    const deps = {
      db,
      push: pushSender(db, emulatorTransport()),
      mail: smtpTransportTo({
        host: '127.0.0.1',
        port: Number(process.env.MAIL_CATCHER_SMTP_PORT),
        from: 'test@campus.test',
      }),
      sms: recordingSmsProvider,
      phonesOf: async (uids: string[]) =>
        new Map(uids.includes(target.uid) ? [[target.uid, '+16505550104']] : []),
      consoleUrl: CONSOLE_URL,
    };
    assert.equal(await deliverMassNotificationBatch(deps, res.id, page.ref), 'delivered');
    // And its mail and SMS part, run again as well.
    assert.equal(await sendPageMessages(deps, page.ref), 'delivered');

    assert.equal((await mailTo(INBOX, target.email)).length, 1);
    const notices = (await notificationsOf(target.uid)).filter((n) => n.alertId === res.id);
    assert.equal(notices.length, 1);
    const sms = await db
      .collection(COLLECTIONS.smsMessages)
      .where('to', '==', '+16505550104')
      .get();
    assert.equal(sms.size, 1);
    const pushes = await db
      .collection(COLLECTIONS.pushMessages)
      .where('payload.type_id', '==', res.id)
      .get();
    assert.equal(pushes.size, batches.length);
    const after = sumReceipts(
      (await alertRef(res.id).collection(MASS_NOTIFICATION_BATCHES).get()).docs.map((d) =>
        d.data(),
      ),
    );
    assert.deepEqual(after, before);
  });

  it('people last located inside a campus area: fresh, opted in and verified only, each person once, counted not named', async () => {
    const main = MAIN.centre;
    const north = NORTH.centre;
    const visitor = await person({
      role: 'User',
      campus: 'north',
      deviceToken: ['visitor-phone'],
    });
    const away = await person({ role: 'User', campus: 'north' });
    const earlier = await person({ role: 'User', campus: 'north' });
    const silent = await person({ role: 'User', campus: 'north' });
    const unverified = await person({ role: 'User', campus: 'north', emailVerified: false });
    const member = await person({ role: 'User', campus: 'main' });
    await locate(visitor.uid, main);
    await locate(away.uid, north);
    const keptMs = LAST_LOCATION_LIMITS.keepHours * 3_600_000;
    await locate(earlier.uid, main, new Date(Date.now() - keptMs - 60_000));
    await locate(unverified.uid, main);
    await locate(member.uid, main);

    const located: Audience = { ...mainEveryone, members: true, located: true };
    const both = await admin.call<SendMassNotificationResponse>('sendMassNotification', {
      kind: 'emergency',
      title: 'Gas leak',
      body: 'Leave the engineering building.',
      audience: located,
      channels: ['push', 'inApp'],
    });
    const { alert, batches } = await delivered(both.id);
    const members = (await db.collection(COLLECTIONS.users).get()).docs.filter((d) =>
      reaches(mainEveryone, d.data()),
    );
    assert.ok(members.some((d) => d.id === member.uid));
    assert.equal(alert.plan.people, members.length + 1, 'the members and the visitor, once each');
    const listed = (
      await Promise.all(batches.map(async (b) => (await recipientsList(b.ref).get()).get('uids')))
    ).flat() as string[];
    assert.equal(new Set(listed).size, listed.length);
    assert.equal(listed.filter((uid) => uid === member.uid).length, 1);
    const noticeOf = (uid: string, id: string) =>
      docData(`${COLLECTIONS.users}/${uid}/${COLLECTIONS.notifications}/mass-${id}`);
    assert.ok(await noticeOf(visitor.uid, both.id));
    assert.ok(await noticeOf(member.uid, both.id));
    for (const nobody of [away, earlier, silent, unverified])
      assert.equal(await noticeOf(nobody.uid, both.id), undefined, nobody.email);
    const receipts = sumReceipts(batches.map((b) => b.data()));
    assert.equal(receipts.inApp.sent, members.length + 1);

    // What staff read of it (the alert, its pages, its push records) counts people, never names
    // them: nothing there says who was located on the campus.
    const staffView = JSON.stringify([
      (await getDoc(doc(admin.firestore, COLLECTIONS.massNotifications, both.id))).data(),
      (
        await getDocs(
          collection(
            admin.firestore,
            COLLECTIONS.massNotifications,
            both.id,
            MASS_NOTIFICATION_BATCHES,
          ),
        )
      ).docs.map((d) => d.data()),
    ]);
    assert.ok(!staffView.includes(visitor.uid) && !staffView.includes(member.uid));
    const pushes = await db
      .collection(COLLECTIONS.pushMessages)
      .where('payload.type_id', '==', both.id)
      .get();
    assert.ok(pushes.size >= 1);
    for (const push of pushes.docs) assert.equal(push.get('tokens'), undefined);
    assert.ok(pushes.docs.some((p) => Number(p.get('tokenCount')) >= 1));

    // Located only: the people inside the area, not the members elsewhere.
    const only = await admin.call<SendMassNotificationResponse>('sendMassNotification', {
      kind: 'general',
      title: 'Located only',
      body: 'Near the quad.',
      audience: { ...mainEveryone, members: false, located: true },
      channels: ['inApp'],
    });
    const onlyDone = await delivered(only.id);
    assert.equal(onlyDone.alert.plan.people, 2);
    assert.ok(await noticeOf(visitor.uid, only.id));
    assert.ok(await noticeOf(member.uid, only.id));

    // An IMT reaches the people located on their own campus only.
    const imtNorth = await person({ role: 'IMT', campus: 'north' });
    const refused = await callError(
      imtNorth.call('sendMassNotification', {
        kind: 'general',
        title: 'Elsewhere',
        body: 'Not mine to send.',
        audience: { ...mainEveryone, members: false, located: true },
        channels: ['inApp'],
      }),
    );
    assert.equal(refused.code, 'functions/permission-denied');
    const neither = await callError(
      admin.call('sendMassNotification', {
        kind: 'general',
        title: 'Nobody',
        body: 'No one chosen.',
        audience: { ...mainEveryone, members: false, located: false },
        channels: ['inApp'],
      }),
    );
    assert.equal(neither.code, 'functions/invalid-argument');
  });

  it("a page's push and in-app notices go before its mail and SMS, which a run of their own sends", async () => {
    const target = await person(
      { role: 'User', campus: 'north', deviceToken: ['early-phone'] },
      '+16505550177',
    );
    const deps = {
      db,
      push: pushSender(db, emulatorTransport()),
      mail: smtpTransportTo({
        host: '127.0.0.1',
        port: Number(process.env.MAIL_CATCHER_SMTP_PORT),
        from: 'test@campus.test',
      }),
      sms: recordingSmsProvider,
      phonesOf: async (uids: string[]) =>
        new Map(uids.includes(target.uid) ? [[target.uid, '+16505550177']] : []),
      consoleUrl: CONSOLE_URL,
    };
    // The triggers are paused so this test runs each part itself, in order.
    await backgroundTriggers(false);
    try {
      const id = (
        await admin.call<SendMassNotificationResponse>('sendMassNotification', {
          kind: 'general',
          title: 'Fast first',
          body: 'Push before mail.',
          audience: { allCampuses: false, campuses: ['north'], staffOnly: false },
          channels: ['push', 'inApp', 'email', 'sms'],
        })
      ).id;
      assert.equal(await planMassNotification(db, id), 'planned');
      const pages = (await alertRef(id).collection(MASS_NOTIFICATION_BATCHES).get()).docs;
      const page = (
        await Promise.all(pages.map(async (b) => ({ b, list: await recipientsList(b.ref).get() })))
      ).find(({ list }) => (list.get('uids') as string[]).includes(target.uid))!.b.ref;

      // The page's own run: notices and pushes out, the page waiting on its messages only.
      assert.equal(await deliverMassNotificationBatch(deps, id, page), 'written');
      const fast = (await page.get()).data()!;
      assert.deepEqual(fast.pending, ['mail-and-sms']);
      assert.ok(fast.receipts.push.sent >= 1 && fast.receipts.inApp.sent >= 1);
      assert.ok(fast.sentAt.push && fast.sentAt.inApp && !fast.sentAt.email);
      assert.ok((await notificationsOf(target.uid)).some((n) => n.alertId === id));
      const mail = db.collection(COLLECTIONS.mailMessages).doc(`mass-${id}-${target.uid}`);
      assert.equal((await mail.get()).get('state'), 'pending');
      assert.equal((await mailTo(INBOX, target.email)).length, 0);

      // The messages run: each mail and SMS once, then the page is delivered.
      assert.equal(await sendPageMessages(deps, page), 'delivered');
      const done = (await page.get()).data()!;
      assert.equal(done.state, 'delivered');
      assert.ok(done.receipts.email.sent >= 1 && done.receipts.sms.sent === 1);
      assert.ok(done.receipts.push.sent >= 1, 'the push counts stay');
      assert.equal((await mail.get()).get('state'), 'sent');
      await waitForMail(INBOX, { to: target.email, timeoutMs: MAIL_WAIT_MS });
      assert.equal((await sentTextsTo('+16505550177', 'Fast first')).length, 1);
    } finally {
      await backgroundTriggers(true);
    }
  });

  it('a page whose first run dies after its transaction is pushed by the retry, each push once', async () => {
    const target = await person({
      role: 'User',
      campus: 'north',
      deviceToken: ['resume-phone', 'resume-tablet'],
    });
    const pushesOf = async (id: string) =>
      (await db.collection(COLLECTIONS.pushMessages).where('payload.type_id', '==', id).get()).docs;
    const realPush = pushSender(db, emulatorTransport());
    const deps = {
      db,
      push: realPush,
      mail: null,
      sms: null,
      phonesOf: async () => new Map(),
      consoleUrl: CONSOLE_URL,
    };
    // The triggers are paused so this test runs the page itself: first a run that dies at its
    // first push (after the transaction that wrote the in-app notifications and queued the
    // pushes), then the platform's retry.
    await backgroundTriggers(false);
    let id: string;
    try {
      id = (
        await admin.call<SendMassNotificationResponse>('sendMassNotification', {
          kind: 'general',
          title: 'Resume check',
          body: 'Pushed once.',
          audience: { allCampuses: false, campuses: ['north'], staffOnly: false },
          channels: ['push', 'inApp'],
        })
      ).id;
      assert.equal(await planMassNotification(db, id), 'planned');
      const pages = (await alertRef(id).collection(MASS_NOTIFICATION_BATCHES).get()).docs;
      const dying = {
        ...deps,
        push: {
          send: () => Promise.reject(new Error('the instance died before its push')),
        },
      };
      for (const page of pages) {
        await assert.rejects(deliverMassNotificationBatch(dying, id, page.ref), /died/);
      }
      assert.equal((await pushesOf(id)).length, 0);
      assert.ok(
        await docData(`${COLLECTIONS.users}/${target.uid}/${COLLECTIONS.notifications}/mass-${id}`),
      );

      for (const page of pages) {
        assert.equal(await deliverMassNotificationBatch(deps, id, page.ref), 'delivered');
        // A duplicate delivery of the event after the retry: nothing goes again.
        await page.ref.update({ state: 'written' });
        assert.equal(await deliverMassNotificationBatch(deps, id, page.ref), 'delivered');
      }
    } finally {
      await backgroundTriggers(true);
    }
    const pushes = await pushesOf(id);
    const calls = (
      await Promise.all(
        (await alertRef(id).collection(MASS_NOTIFICATION_BATCHES).get()).docs.map((p) =>
          p.ref.collection(MASS_NOTIFICATION_PUSH_CALLS).get(),
        ),
      )
    ).flatMap((c) => c.docs);
    assert.ok(calls.length >= 1 && calls.every((c) => c.get('state') === 'sent'));
    assert.equal(pushes.length, calls.length);
    const tokens = pushes.flatMap((d) => d.get('tokens') as string[]);
    assert.equal(tokens.filter((t) => t === 'resume-phone').length, 1);
    assert.equal(tokens.filter((t) => t === 'resume-tablet').length, 1);
    assert.equal(new Set(tokens).size, tokens.length);
    const receipts = sumReceipts(
      (await alertRef(id).collection(MASS_NOTIFICATION_BATCHES).get()).docs.map((d) => d.data()),
    );
    const withDevice = calls.reduce((sum, c) => sum + (c.get('uids') as string[]).length, 0);
    assert.equal(receipts.push.sent + receipts.push.failed, withDevice);
    assert.equal(
      receipts.push.sent + receipts.push.failed + receipts.push.skipped,
      receipts.push.targeted,
    );
  });

  it('who may send: an IMT to their own campus only; a reporter never', async () => {
    const imt = await person({ role: 'IMT', campus: 'north' });
    const user = await person({ role: 'User', campus: 'north' });
    const to = (campuses: string[]) => ({
      kind: 'general',
      title: 'Scope',
      body: 'Scope check.',
      audience: { allCampuses: false, campuses, staffOnly: true },
      channels: ['inApp'],
    });
    const refused = await callError(imt.call('sendMassNotification', to(['main'])));
    assert.equal(refused.code, 'functions/permission-denied');
    assert.match(refused.message, /own campus/);
    assert.equal(
      (
        await callError(
          imt.call('sendMassNotification', {
            ...to([]),
            audience: { allCampuses: true, campuses: [], staffOnly: false },
          }),
        )
      ).code,
      'functions/permission-denied',
    );
    assert.equal(
      (await callError(user.call('sendMassNotification', to(['north'])))).code,
      'functions/permission-denied',
    );
    const own = await imt.call<SendMassNotificationResponse>('sendMassNotification', to(['north']));
    assert.equal(own.state, 'sending');
    const bad = await callError(
      admin.call('sendMassNotification', { ...to(['main']), title: 'x'.repeat(81) }),
    );
    assert.equal(bad.code, 'functions/invalid-argument');
  });

  it('two-person approval by audience and urgency: any kind to a whole campus by push waits, never approved by its author', async () => {
    const saved = await admin.call('saveSetting', {
      setting: 'alertApproval',
      value: { approval: { audience: 'wholeCampus', urgency: 'interrupting' } },
    });
    assert.deepEqual(saved, { setting: 'alertApproval' });
    const history = await approvalRef().collection('history').get();
    assert.ok(
      history.docs.some((d) => d.get('by.uid') === admin.uid),
      'kept in the history',
    );
    const bad = await callError(
      admin.call('saveSetting', {
        setting: 'alertApproval',
        value: { approval: { audience: 'emergencyOnly', urgency: 'any' } },
      }),
    );
    assert.equal(bad.code, 'functions/invalid-argument');
    assert.match(bad.message, /Approval audience must be one of/);
    assert.equal((await approvalRef().get()).get('approval.audience'), 'wholeCampus');

    const imt = await person({ role: 'IMT', campus: 'north' });
    const target = await person({ role: 'User', campus: 'north' });
    const lockdown = (kind: string, extra: Record<string, unknown> = {}) => ({
      kind,
      title: 'LOCKDOWN: active shooter',
      body: DEFAULT_TEMPLATES.lockdown.body,
      audience: { allCampuses: false, campuses: ['north'], staffOnly: false },
      channels: ['push', 'inApp'],
      ...(kind === 'timelyWarning' ? { cleryCrime: 'aggravatedAssault' } : {}),
      ...extra,
    });
    // The kind is the author's label: a safety message or a Timely Warning waits all the same.
    for (const kind of ['general', 'timelyWarning', 'emergency']) {
      const sent = await imt.call<SendMassNotificationResponse>(
        'sendMassNotification',
        lockdown(kind),
      );
      assert.equal(sent.state, 'awaitingApproval', kind);
    }
    const staffOnly = await imt.call<SendMassNotificationResponse>(
      'sendMassNotification',
      lockdown('general', {
        audience: { allCampuses: false, campuses: ['north'], staffOnly: true },
      }),
    );
    assert.equal(staffOnly.state, 'sending');
    const quiet = await imt.call<SendMassNotificationResponse>(
      'sendMassNotification',
      lockdown('general', { title: 'Library closes early', channels: ['inApp', 'email'] }),
    );
    assert.equal(quiet.state, 'sending');

    const res = await admin.call<SendMassNotificationResponse>(
      'sendMassNotification',
      lockdown('emergency'),
    );
    assert.equal(res.state, 'awaitingApproval');
    const own = await callError(admin.call('approveMassNotification', { id: res.id }));
    assert.equal(own.code, 'functions/permission-denied');

    // A second Admin the author made for an address they hold, verified and signed in.
    const email = `${unique('alias')}@campus.test`;
    const alias = await admin.call<CreateAccountResponse>('createAccount', {
      firstName: 'Al',
      lastName: 'Ias',
      email,
      role: 'Admin',
      campus: null,
    });
    const code = parseInvitationCode(alias.invitation.code)!;
    await admin.call('redeemInvitation', { ...code, password: 'the author’s alias pass' });
    await auth.updateUser(alias.uid, { emailVerified: true });
    const aliasSession = await signIn(email, 'the author’s alias pass');
    // An account the author made staff with setStaffAccess is theirs as much.
    const promoted = await person({ role: 'User' });
    await admin.call('setStaffAccess', {
      uid: promoted.uid,
      role: 'Admin',
      campus: null,
      isArchived: false,
    });
    const promotedSession = await signIn(promoted.email, 'secret-123');
    for (const handedOver of [aliasSession, promotedSession]) {
      const refused = await callError(handedOver.call('approveMassNotification', { id: res.id }));
      assert.equal(refused.code, 'functions/permission-denied');
      assert.match(refused.message, /author created, invited or gave a role to your account/);
    }
    const waiting = await docData(alertRef(res.id).path);
    assert.equal(waiting!.state, 'awaitingApproval');
    assert.equal(waiting!.approvedBy, null);
    assert.equal(
      await docData(
        `${COLLECTIONS.users}/${target.uid}/${COLLECTIONS.notifications}/mass-${res.id}`,
      ),
      undefined,
    );

    const approved = await secondAdmin.call<SendMassNotificationResponse>(
      'approveMassNotification',
      { id: res.id },
    );
    assert.equal(approved.state, 'sending');
    const { alert } = await delivered(res.id);
    assert.equal(alert.approvedBy.uid, secondAdmin.uid);
    assert.ok(
      await docData(
        `${COLLECTIONS.users}/${target.uid}/${COLLECTIONS.notifications}/mass-${res.id}`,
      ),
    );
    const again = await callError(secondAdmin.call('approveMassNotification', { id: res.id }));
    assert.equal(again.code, 'functions/failed-precondition');

    // The Admins who may approve are asked by mail at once; the author and the accounts they
    // handed over are not.
    const next = await admin.call<SendMassNotificationResponse>(
      'sendMassNotification',
      lockdown('emergency', { title: 'LOCKDOWN: Library' }),
    );
    const subject = 'Waiting for your approval: Emergency Notification: LOCKDOWN: Library';
    const [asked] = await waitForMail(INBOX, {
      to: secondAdmin.email,
      match: (m) => m.subject === subject,
    });
    assert.ok(asked!.text.includes(`/mass-notifications/${next.id}`));
    assert.match(asked!.text, /Ada .* wrote an alert that needs a second Admin/);
    assert.match(asked!.text, /To: North Campus · everyone/);
    // Every mail of the request was queued with the first (one transaction).
    const queued = await db
      .collection(COLLECTIONS.mailMessages)
      .where('subject', '==', subject)
      .get();
    const askedAddresses = queued.docs.map((d) => String(d.get('to')));
    assert.ok(askedAddresses.includes(secondAdmin.email));
    for (const notAsked of [admin.email, email, promoted.email])
      assert.ok(!askedAddresses.includes(notAsked), notAsked);
    await approvalRef().delete();
  });

  it("linking another campus's incident is refused exactly like a missing one", async () => {
    const imt = await person({ role: 'IMT', campus: 'north' });
    const filer = await reporter();
    const mainReport = await reportFiledBy(filer, { nearestCampus: 'main' });
    const archived = await reportFiledBy(filer, {
      nearestCampus: 'north',
      isArchived: true,
    });
    const own = await reportFiledBy(filer, { nearestCampus: 'north' });
    const linking = (id: string) => ({
      kind: 'timelyWarning',
      cleryCrime: 'burglary',
      title: 'Break-ins',
      body: 'Lock your doors.',
      audience: { allCampuses: false, campuses: ['north'], staffOnly: true },
      channels: ['inApp'],
      incidentIds: [own.id, id],
    });
    const missing = await callError(imt.call('sendMassNotification', linking('no-such-report')));
    for (const id of [mainReport.id, archived.id]) {
      const err = await callError(imt.call('sendMassNotification', linking(id)));
      assert.equal(err.code, missing.code);
      assert.equal(err.message, missing.message.replace('no-such-report', id));
      assert.doesNotMatch(err.message, /\d{4}-\d{2}-\d{2}/);
    }
    assert.equal(missing.code, 'functions/not-found');
    const mine = await db
      .collection(COLLECTIONS.massNotifications)
      .where('author.uid', '==', imt.uid)
      .get();
    assert.equal(mine.size, 0, 'no alert recorded');
    // The Admin reads every report, so links it.
    const linked = await admin.call<SendMassNotificationResponse>('sendMassNotification', {
      ...linking(mainReport.id),
      audience: { allCampuses: false, campuses: ['main'], staffOnly: true },
    });
    assert.deepEqual((await docData(alertRef(linked.id).path))!.incidentIds, [
      own.id,
      mainReport.id,
    ]);
  });

  it('a scheduled alert goes at its time, by the every-minute job, once', async function () {
    if (!process.env.PUBSUB_EMULATOR_HOST) this.skip();
    const target = await person({ role: 'User', campus: 'riverside' });
    const when = new Date(Date.now() + 2_000);
    const res = await admin.call<SendMassNotificationResponse>('sendMassNotification', {
      kind: 'general',
      title: 'Scheduled',
      body: 'At its time.',
      audience: { allCampuses: false, campuses: ['riverside'], staffOnly: false },
      channels: ['inApp'],
      scheduledDate: when.toISOString(),
    });
    assert.equal(res.state, 'scheduled');
    const path = `${COLLECTIONS.users}/${target.uid}/${COLLECTIONS.notifications}/mass-${res.id}`;
    assert.equal(await docData(path), undefined);
    await waitUntil(() => Date.now() > when.getTime(), { timeoutMs: 60_000, what: 'the due time' });
    await publishMessage({
      pubsubHost: process.env.PUBSUB_EMULATOR_HOST,
      projectId: PROJECT,
      topic: scheduleTopic(SCHEDULED),
    });
    await delivered(res.id);
    assert.ok(await docData(path));
  });

  it('"send a test to myself" reaches only the caller, marked test, and records no alert', async () => {
    const before = (await db.collection(COLLECTIONS.massNotifications).get()).size;
    const res = await admin.call<SendMassNotificationTestResponse>('sendMassNotificationTest', {
      kind: 'emergency',
      title: 'Drill',
      body: 'Testing the wording.',
      channels: ['inApp', 'email', 'sms'],
    });
    assert.deepEqual(res, { sent: ['inApp', 'email'], skipped: ['sms'] });
    const [mail] = await waitForMail(INBOX, {
      to: admin.email,
      match: (m) => /\[TEST\]/.test(m.subject),
      timeoutMs: MAIL_WAIT_MS,
    });
    assert.equal(mail!.subject, '[TEST] Emergency Notification: Drill');
    const notices = (await notificationsOf(admin.uid)).filter((n) => n.test === true);
    assert.equal(notices.length, 1);
    assert.equal(notices[0]!.title, '[TEST] Drill');
    assert.equal((await db.collection(COLLECTIONS.massNotifications).get()).size, before);
  });

  it(`"send a test to myself" 20 times: exactly ${LIMITS.massNotificationTestsPerSenderPerHour} are sent, the rest refused with when`, async () => {
    const imt = await person({ role: 'IMT', campus: 'north' });
    const test = {
      kind: 'emergency',
      title: 'Wording',
      body: 'Checking the wording again.',
      channels: ['inApp', 'email'],
    };
    // Eight side by side, then one after another up to twenty.
    const burst = await Promise.allSettled(
      Array.from({ length: 8 }, () => imt.call('sendMassNotificationTest', test)),
    );
    const refusals: { code: string; message: string }[] = [];
    for (const outcome of burst)
      if (outcome.status === 'rejected')
        refusals.push(await callError(Promise.reject(outcome.reason)));
    for (let n = 8; n < 20; n += 1) {
      try {
        await imt.call('sendMassNotificationTest', test);
      } catch (error) {
        refusals.push(await callError(Promise.reject(error)));
      }
    }
    assert.equal(refusals.length, 20 - LIMITS.massNotificationTestsPerSenderPerHour);
    for (const refusal of refusals) {
      assert.equal(refusal.code, 'functions/resource-exhausted');
      assert.match(refusal.message, /5 tests to yourself within an hour.*another at \d\d:\d\d/);
    }
    const mails = await waitForMail(INBOX, {
      to: imt.email,
      count: LIMITS.massNotificationTestsPerSenderPerHour,
      match: (m) => /\[TEST\]/.test(m.subject),
      timeoutMs: MAIL_WAIT_MS,
    });
    assert.equal(mails.length, LIMITS.massNotificationTestsPerSenderPerHour);
    const notices = (await notificationsOf(imt.uid)).filter((n) => n.test === true);
    assert.equal(notices.length, LIMITS.massNotificationTestsPerSenderPerHour);
    const quota = await docData(`${COLLECTIONS.senderQuotas}/${imt.uid}`);
    // The refused calls counted nothing.
    assert.equal(quota?.tests.inWindow, LIMITS.massNotificationTestsPerSenderPerHour);
  });

  it(`an IMT starts at most ${LIMITS.massNotificationsPerSenderPerHour.IMT} alerts an hour; the refused one is not recorded`, async () => {
    const imt = await person({ role: 'IMT', campus: 'north' });
    const alert = {
      kind: 'general',
      title: 'Path closed',
      body: 'The north path is closed for repairs.',
      audience: { allCampuses: false, campuses: ['north'], staffOnly: true },
      channels: ['inApp'],
      // A week ahead: counted now like any alert, delivered to nobody during the suite.
      scheduledDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    };
    const limit = LIMITS.massNotificationsPerSenderPerHour.IMT;
    // Four side by side, then one after another up to the limit and two more.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 4 }, () => imt.call('sendMassNotification', alert)),
    );
    for (let n = 4; n < limit + 2; n += 1) {
      const [outcome] = await Promise.allSettled([imt.call('sendMassNotification', alert)]);
      outcomes.push(outcome!);
    }
    assert.equal(outcomes.filter((o) => o.status === 'fulfilled').length, limit);
    const refused = await callError(imt.call('sendMassNotification', alert));
    assert.equal(refused.code, 'functions/resource-exhausted');
    assert.match(refused.message, new RegExp(`${limit} alerts within an hour`));
    const recorded = await db
      .collection(COLLECTIONS.massNotifications)
      .where('author.uid', '==', imt.uid)
      .get();
    assert.equal(recorded.size, limit);
  });

  describe('replies to "are you safe?" (issue 31)', () => {
    const replies = (id: string) => alertRef(id).collection(MASS_NOTIFICATION_REPLIES);
    const tally = async (id: string) =>
      sumReplyShards(
        (await alertRef(id).collection(MASS_NOTIFICATION_REPLY_SHARDS).get()).docs.map((d) =>
          d.data(),
        ),
        DEFAULT_REPLY_CHOICES,
      );
    let asking: string;
    let alice: SignedIn;
    let bob: SignedIn;
    let dave: SignedIn;

    before(async () => {
      [alice, bob, dave] = await Promise.all([
        person({ role: 'User', campus: 'main', firstName: 'Alice' }),
        person({ role: 'User', campus: 'main', firstName: 'Bob' }),
        person({ role: 'User', campus: 'main', firstName: 'Dave' }),
      ]);
      const res = await admin.call<SendMassNotificationResponse>('sendMassNotification', {
        kind: 'emergency',
        title: 'Are you safe?',
        body: 'A fire on the science quad. Tell us whether you are safe.',
        audience: mainEveryone,
        channels: ['inApp'],
        reply: { choices: DEFAULT_REPLY_CHOICES },
      });
      asking = res.id;
      await delivered(asking);
    });

    it('each person reached has one reply, counted once; a later answer replaces it, both times kept', async () => {
      const notice = await docData(
        `${COLLECTIONS.users}/${alice.uid}/${COLLECTIONS.notifications}/mass-${asking}`,
      );
      assert.deepEqual(notice?.reply, { choices: DEFAULT_REPLY_CHOICES });
      const { alert } = await delivered(asking);
      const slots = await replies(asking).get();
      assert.equal(slots.size, alert.plan.people, 'a slot per person reached');
      const slot = slots.docs.find((d) => d.id === alice.uid)!;
      assert.deepEqual(
        [slot.get('name'), slot.get('campus'), slot.get('answered')],
        ['Alice User', 'main', false],
      );

      // Bob taps "I'm safe" three times at once: one reply, counted once.
      const taps = await Promise.allSettled(
        [0, 0, 0].map(() => bob.call('replyToMassNotification', { id: asking, choice: 0 })),
      );
      assert.ok(taps.every((t) => t.status === 'fulfilled'));
      // Alice shared her location and needs help: staff see where she last was.
      await locate(alice.uid, MAIN.centre);
      const help = await alice.call<{ changed: boolean; label: string }>(
        'replyToMassNotification',
        { id: asking, choice: 1 },
      );
      assert.deepEqual(help, { changed: true, label: 'I need help' });
      const again = await alice.call<{ changed: boolean }>('replyToMassNotification', {
        id: asking,
        choice: 1,
      });
      assert.equal(again.changed, false);
      assert.deepEqual(await tally(asking), { replied: 2, perChoice: [1, 1], needsHelp: 1 });
      const needing = await replies(asking).doc(alice.uid).get();
      assert.equal(needing.get('needsHelp'), true);
      assert.equal(needing.get('via'), 'app');
      assert.deepEqual(
        [needing.get('location.latitude'), needing.get('location.longitude')],
        [coarseLocation(MAIN.centre).latitude, coarseLocation(MAIN.centre).longitude],
      );

      // She changes her answer: it replaces the earlier one, the first time kept.
      await alice.call('replyToMassNotification', { id: asking, choice: 0 });
      const changed = await replies(asking).doc(alice.uid).get();
      assert.equal(changed.get('label'), "I'm safe");
      assert.equal(changed.get('location'), null);
      assert.equal(changed.get('changes'), 1);
      assert.ok(
        changed.get('answeredAt').toMillis() > changed.get('firstAnsweredAt').toMillis(),
        'both times kept',
      );
      assert.deepEqual(await tally(asking), { replied: 2, perChoice: [2, 0], needsHelp: 0 });
      const shown = await docData(
        `${COLLECTIONS.users}/${alice.uid}/${COLLECTIONS.notifications}/mass-${asking}`,
      );
      assert.equal(shown?.replied?.choice, 0);

      // An answer that is not one of the alert's is refused, and counts nothing.
      const wrong = await callError(
        alice.call('replyToMassNotification', { id: asking, choice: 3 }),
      );
      assert.equal(wrong.code, 'functions/invalid-argument');
      assert.deepEqual(await tally(asking), { replied: 2, perChoice: [2, 0], needsHelp: 0 });
    });

    it('a person the alert did not reach cannot answer it, nor an alert that asks nothing', async () => {
      const north = await person({ role: 'User', campus: 'north' });
      const refused = await callError(
        north.call('replyToMassNotification', { id: asking, choice: 1 }),
      );
      assert.equal(refused.code, 'functions/not-found');
      assert.match(refused.message, /did not reach you/);
      assert.equal((await replies(asking).doc(north.uid).get()).exists, false);
      const missing = await callError(
        alice.call('replyToMassNotification', { id: 'no-such-alert', choice: 0 }),
      );
      assert.equal(missing.message, refused.message);
      assert.equal((await tally(asking)).replied, 2);
    });

    it('a follow-up reaches exactly those who have not answered, and their answers count on the first alert', async () => {
      const before = (await replies(asking).where('answered', '==', false).get()).docs.map(
        (d) => d.id,
      );
      assert.ok(before.includes(dave.uid) && !before.includes(alice.uid));
      const res = await admin.call<SendMassNotificationResponse>('sendMassNotification', {
        kind: 'emergency',
        title: 'Are you safe? (again)',
        body: 'We have not heard from you. Tell us whether you are safe.',
        audience: mainEveryone,
        channels: ['inApp'],
        followsUp: asking,
        toNonResponders: true,
      });
      const { alert } = await delivered(res.id);
      assert.equal(alert.plan.people, before.length);
      assert.equal(alert.repliesFor, asking);
      for (const answered of [alice, bob])
        assert.equal(
          (await docData(
            `${COLLECTIONS.users}/${answered.uid}/${COLLECTIONS.notifications}/mass-${res.id}`,
          )) === undefined,
          true,
        );
      const asked = await docData(
        `${COLLECTIONS.users}/${dave.uid}/${COLLECTIONS.notifications}/mass-${res.id}`,
      );
      assert.deepEqual(asked?.reply, { choices: DEFAULT_REPLY_CHOICES });
      assert.equal((await replies(res.id).get()).size, 0, 'no slots of its own');

      await dave.call('replyToMassNotification', { id: res.id, choice: 1 });
      assert.equal((await replies(asking).doc(dave.uid).get()).get('label'), 'I need help');
      assert.deepEqual(await tally(asking), { replied: 3, perChoice: [2, 1], needsHelp: 1 });

      // A follow-up of an alert that asked nothing has nobody "not answered".
      const silent = await admin.call<SendMassNotificationResponse>('sendMassNotification', {
        kind: 'general',
        title: 'Notice',
        body: 'Nothing to answer.',
        audience: mainEveryone,
        channels: ['inApp'],
      });
      await delivered(silent.id);
      const refused = await callError(
        admin.call('sendMassNotification', {
          kind: 'general',
          title: 'Again',
          body: 'Again.',
          audience: mainEveryone,
          channels: ['inApp'],
          followsUp: silent.id,
          toNonResponders: true,
        }),
      );
      assert.equal(refused.code, 'functions/failed-precondition');
    });
  });
});
