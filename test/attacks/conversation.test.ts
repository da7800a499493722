/**
 * Issue 19 item 1: the conversation of an incident. Another reporter and another campus's IMT
 * neither read nor write it; hidden characters are refused while markup is kept as plain text;
 * nobody writes under a name of their own; an author flooding a report stops at the pace and a
 * report stops at its bound. Each refusal is checked with "nothing changed".
 */
import assert from 'node:assert/strict';
import {
  Timestamp,
  collection,
  doc,
  getDoc,
  getDocs,
  increment,
  serverTimestamp,
  writeBatch,
} from 'firebase/firestore';
import { COLLECTIONS, LIMITS } from '@campus-safety/model';
import { theCast, type Cast } from './cast';
import {
  account,
  admin,
  incident,
  recordCountPath,
  refused,
  unique,
  waitFor,
  type Attacker,
} from './support';

describe('attacks: incident conversation', () => {
  let c: Cast;
  let otherReporter: Attacker;
  let report: string;
  let messagesPath: string;
  const pacePath = (reportId: string, uid: string) =>
    `${COLLECTIONS.incidentReports}/${reportId}/${COLLECTIONS.messagePace}/${uid}`;

  /**
   * A message from `who` as the console or the app sends it: counted and paced in one commit (the
   * count and pace read with admin, so a refusal is about who asks and what they write).
   */
  async function send(
    who: Attacker,
    reportId: string,
    role: 'reporter' | 'staff',
    changes: Record<string, unknown> = {},
  ) {
    const counted = (await admin.db.doc(recordCountPath(reportId, 'messages')).get()).get('count');
    const pace = (await admin.db.doc(pacePath(reportId, who.uid)).get()).data();
    const id = unique('msg');
    const batch = writeBatch(who.db);
    batch.set(doc(who.db, COLLECTIONS.incidentReports, reportId, COLLECTIONS.messages, id), {
      text: 'Are you safe right now?',
      authorUid: who.uid,
      authorRole: role,
      sentAt: serverTimestamp(),
      ...changes,
    });
    batch.set(doc(who.db, recordCountPath(reportId, 'messages')), {
      count: (typeof counted === 'number' ? counted : 0) + 1,
      lastId: id,
    });
    batch.set(
      doc(who.db, pacePath(reportId, who.uid)),
      pace
        ? // The admin SDK's time to the nanosecond, as the web SDK writes it back.
          {
            windowStart: new Timestamp(pace.windowStart.seconds, pace.windowStart.nanoseconds),
            sent: pace.sent + 1,
            lastId: id,
          }
        : { windowStart: serverTimestamp(), sent: 1, lastId: id },
    );
    await batch.commit();
    return id;
  }

  /** The reporter app's batch for a message queued without signal (docs/reporter-app.md#offline). */
  function queued(who: Attacker, reportId: string, pace: 'same' | 'new') {
    const id = unique('queued');
    const batch = writeBatch(who.db);
    batch.set(doc(who.db, COLLECTIONS.incidentReports, reportId, COLLECTIONS.messages, id), {
      text: 'Written without signal',
      authorUid: who.uid,
      authorRole: 'reporter',
      sentAt: serverTimestamp(),
    });
    batch.set(
      doc(who.db, recordCountPath(reportId, 'messages')),
      { count: increment(1), lastId: id },
      { merge: true },
    );
    const paceRef = doc(who.db, pacePath(reportId, who.uid));
    if (pace === 'same') batch.update(paceRef, { sent: increment(1), lastId: id });
    else batch.set(paceRef, { windowStart: serverTimestamp(), sent: 1, lastId: id });
    return batch.commit();
  }

  before(async () => {
    c = await theCast();
    otherReporter = await account('other reporter', { role: 'User' });
    report = await incident('main', c.reporter);
    messagesPath = `${COLLECTIONS.incidentReports}/${report}/${COLLECTIONS.messages}`;
    // A genuine exchange: the refusals below are about who asks, not the path.
    const asked = await send(c.imtMain, report, 'staff');
    await send(c.reporter, report, 'reporter', { text: 'Yes. He ran towards the library.' });
    // The trigger names the staff author on the message: done before any "nothing changed".
    await waitFor(
      async () => (await admin.db.doc(`${messagesPath}/${asked}`).get()).get('authorName'),
      (name) => typeof name === 'string',
    );
  });

  it("another reporter cannot read or join a reporter's conversation", async () => {
    await refused(() => getDocs(collection(otherReporter.db, messagesPath)), []);
    await refused(() => getDoc(doc(otherReporter.db, recordCountPath(report, 'messages'))), []);
    await refused(() => send(otherReporter, report, 'reporter'), [messagesPath]);
  });

  it('the IMT of another campus cannot read or write the conversation', async () => {
    await refused(() => getDocs(collection(c.imtNorth.db, messagesPath)), []);
    await refused(() => send(c.imtNorth, report, 'staff'), [messagesPath]);
  });

  it('a reporter cannot pose as staff, nor staff sign with a name of their own', async () => {
    await refused(() => send(c.reporter, report, 'staff'), [messagesPath]);
    await refused(
      () => send(c.imtMain, report, 'staff', { authorName: 'Chief of Police' }),
      [messagesPath],
    );
    await refused(
      () => send(c.reporter, report, 'reporter', { authorUid: c.imtMain.uid }),
      [messagesPath],
    );
  });

  it('hidden characters are refused; markup is stored as the text it is', async () => {
    await refused(
      () => send(c.reporter, report, 'reporter', { text: 'I am \u202Efas ton' }),
      [messagesPath],
    );
    await refused(
      () => send(c.reporter, report, 'reporter', { text: 'safe\u200B' }),
      [messagesPath],
    );
    const markup = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const id = await send(c.reporter, report, 'reporter', { text: markup });
    assert.equal((await admin.db.doc(`${messagesPath}/${id}`).get()).get('text'), markup);
  });

  it(`the offline path: 20 messages queued into a window that closed long ago yield at most ${LIMITS.messagesPerWindow}; a new window only after it, counted from one`, async () => {
    const hoarded = await incident('main', c.reporter);
    const path = `${COLLECTIONS.incidentReports}/${hoarded}/${COLLECTIONS.messages}`;
    await send(c.reporter, hoarded, 'reporter');
    // The window the phone last saw closed an hour ago: counting into it must not reopen the pace.
    await admin.db
      .doc(pacePath(hoarded, c.reporter.uid))
      .update({ windowStart: new Date(Date.now() - 3_600_000) });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => queued(c.reporter, hoarded, 'same')),
    );
    const taken = outcomes.filter((o) => o.status === 'fulfilled').length;
    assert.ok(1 + taken <= LIMITS.messagesPerWindow, `${1 + taken} messages taken`);
    while (
      await queued(c.reporter, hoarded, 'same').then(
        () => true,
        () => false,
      )
    );
    const messages = async () => (await admin.db.collection(path).get()).size;
    assert.equal(await messages(), LIMITS.messagesPerWindow);
    // A new window starts only over a closed one, with one message; then it is full again.
    await queued(c.reporter, hoarded, 'new');
    await refused(() => queued(c.reporter, hoarded, 'new'), [path]);
    const pace = (await admin.db.doc(pacePath(hoarded, c.reporter.uid)).get()).data();
    assert.equal(pace?.sent, 1);
    // Each message counted one in the report's count, however the batches raced.
    const counted = (await admin.db.doc(recordCountPath(hoarded, 'messages')).get()).get('count');
    assert.equal(counted, LIMITS.messagesPerWindow + 1);
  });

  it(`an author stops at ${LIMITS.messagesPerWindow} messages per window, and the report at ${LIMITS.messagesPerReport}`, async () => {
    const flooded = await incident('main', c.reporter);
    const path = `${COLLECTIONS.incidentReports}/${flooded}/${COLLECTIONS.messages}`;
    for (let i = 0; i < LIMITS.messagesPerWindow; i++)
      await send(c.reporter, flooded, 'reporter', { text: `message ${i}` });
    await refused(
      () => send(c.reporter, flooded, 'reporter'),
      [path, pacePath(flooded, c.reporter.uid)],
    );
    // Starting a fresh window early is the same flood.
    await admin.db
      .doc(pacePath(flooded, c.reporter.uid))
      .delete()
      .catch(() => undefined);
    // The report's bound holds whoever writes: at the limit, the campus IMT is refused too.
    await admin.db
      .doc(recordCountPath(flooded, 'messages'))
      .set({ count: LIMITS.messagesPerReport, lastId: 'earlier' });
    await refused(
      () => send(c.imtMain, flooded, 'staff'),
      [path, recordCountPath(flooded, 'messages')],
    );
    // The trigger told staff of each message the reporter got through: no more, no less.
    await waitFor(
      async () =>
        (await admin.db.doc(`${COLLECTIONS.incidentReports}/${flooded}`).get()).get(
          'unreadFromReporter',
        ),
      (n) => n === LIMITS.messagesPerWindow,
    );
  });
});
