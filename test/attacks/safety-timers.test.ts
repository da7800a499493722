/**
 * Safety timers from the outside (docs/reporter-app.md#safety-timer, docs/security-rules.md#safety-timers):
 * nobody starts a timer for someone else or reads another person's, staff included; nobody names
 * 100 guardians (or 6); a guardian address that is markup is refused, and a destination that is
 * markup is kept as the characters typed: the emergency and the guardian's mail carry it as
 * plain text. Each refusal leaves the data as it was.
 */
import assert from 'node:assert/strict';
import { Timestamp as AdminTimestamp } from 'firebase-admin/firestore';
import {
  Timestamp,
  collection,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { theCast, type Cast } from './cast';
import { admin, refused, unique, waitFor } from './support';

const MINUTE = 60_000;
const MARKUP = '<img src=x onerror="alert(1)"><script>alert(2)</script>';

/** The app's start: the timer and its pointer in one batch; `changes` over the timer. */
async function start(
  db: Firestore,
  uid: string,
  changes: Record<string, unknown> = {},
): Promise<string> {
  const id = unique('timer');
  await writeBatch(db)
    .set(doc(db, `safety_timers/${id}`), {
      uid,
      status: 'running',
      durationMinutes: 15,
      startedAt: serverTimestamp(),
      dueAt: Timestamp.fromMillis(Date.now() + 15 * MINUTE),
      destination: null,
      guardians: [],
      location: null,
      movedAt: serverTimestamp(),
      ...changes,
    })
    .set(doc(db, `safety_timer_current/${changes.uid ?? uid}`), { timerId: id })
    .commit();
  return id;
}

const pointer = (uid: string) => `safety_timer_current/${uid}`;

describe('attacks: safety timers', () => {
  let c: Cast;

  before(async function () {
    this.timeout(120_000);
    c = await theCast();
  });

  it('nobody starts a timer for someone else, or moves their pointer', async () => {
    for (const who of [c.newbie, c.imtMain, c.admin]) {
      await refused(
        () => start(who.db, who.uid, { uid: c.reporter.uid }),
        [pointer(c.reporter.uid), 'safety_timers'],
      );
    }
  });

  it('nobody reads or ends another person’s timer: not staff of its campus, not Admins, not by query', async () => {
    const id = await start(c.reporter.db, c.reporter.uid);
    const path = `safety_timers/${id}`;
    assert.equal((await getDoc(doc(c.reporter.db, path))).get('status'), 'running');
    for (const who of [c.newbie, c.imtMain, c.imtNorth, c.archived, c.admin]) {
      await refused(() => getDoc(doc(who.db, path)), []);
      await refused(() => getDoc(doc(who.db, pointer(c.reporter.uid))), []);
      await refused(
        () =>
          getDocs(query(collection(who.db, 'safety_timers'), where('uid', '==', c.reporter.uid))),
        [],
      );
      await refused(
        () => updateDoc(doc(who.db, path), { status: 'cancelled', endedAt: serverTimestamp() }),
        [path],
      );
    }
    await updateDoc(doc(c.reporter.db, path), { status: 'cancelled', endedAt: serverTimestamp() });
  });

  it('100 guardians, 6 guardians, or a guardian address that is markup are refused', async () => {
    const own = c.imtNorth;
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ kind: 'email', address: `g${i}@home.example` }));
    for (const guardians of [
      many(100),
      many(6),
      [{ kind: 'email', address: `${MARKUP}@home.example` }],
      [{ kind: 'email', address: 'a@b.example<script>' }],
      [{ kind: 'phone', address: '+639175550100<b>' }],
      [{ kind: 'sms', address: '+639175550100' }],
    ]) {
      await refused(() => start(own.db, own.uid, { guardians }), [pointer(own.uid)]);
    }
  });

  it('a destination that is markup stays text: the emergency and the guardian’s mail carry it as typed', async function () {
    this.timeout(120_000);
    const guardian = `guardian.${Date.now()}@home.example`;
    const id = await start(c.imtRiverside.db, c.imtRiverside.uid, {
      destination: MARKUP,
      guardians: [{ kind: 'email', address: guardian }],
    });
    // It runs out: its due time in the past, then housekeeping.
    await admin.db
      .doc(`safety_timers/${id}`)
      .update({ dueAt: AdminTimestamp.fromMillis(Date.now() - MINUTE) });
    await c.admin.call('runHousekeeping', {});
    const timer = await waitFor(
      async () => (await admin.db.doc(`safety_timers/${id}`).get()).data(),
      (t) => t?.status === 'expired',
    );
    const emergency = (await admin.db.doc(`emergencies/${timer!.emergencyId}`).get()).data()!;
    assert.equal(emergency.fromTimer.destination, MARKUP);
    const mail = (await admin.db.doc(`mail_messages/safety-timer-${id}-0`).get()).data()!;
    assert.equal(mail.to, guardian);
    assert.ok(String(mail.text).includes(`They were heading to: ${MARKUP}`));
    // Plain text only: no HTML part a mail client would render.
    assert.equal(mail.html, undefined);
  });
});
