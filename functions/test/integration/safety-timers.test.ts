import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { Timestamp as AdminTimestamp } from 'firebase-admin/firestore';
import {
  Timestamp,
  doc,
  serverTimestamp,
  updateDoc,
  writeBatch,
  type Firestore as ClientFirestore,
} from 'firebase/firestore';
import { COLLECTIONS, type Guardian, type HousekeepingResponse } from '@campus-safety/model';
import { mailTo, waitForMail } from '@campus-safety/testkit/mail';
import { pressSosAsApp } from '@campus-safety/testkit/app-emergency';
import { account, db, docData, unique, waitFor, type SignedIn } from './stack';

// The runner starts this suite's mail catcher and points the functions' SMTP params at it.
const INBOX = process.env.MAIL_INBOX_URL ?? '';
const MAIL_WAIT_MS = 60_000;

/** A Philippine mobile number in E.164, one of its own per test. */
const phone = () => `+63917${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
const guardianEmail = () => `${unique('guardian')}@family.test`;

/** The app's start: the timer and the person's current-timer pointer in one batch, through the rules. */
async function startTimer(
  person: SignedIn,
  options: { guardians?: Guardian[]; destination?: string | null; minutes?: number } = {},
  firestore: ClientFirestore = person.firestore,
): Promise<string> {
  const id = unique('timer');
  const minutes = options.minutes ?? 30;
  await writeBatch(firestore)
    .set(doc(firestore, COLLECTIONS.safetyTimers, id), {
      uid: person.uid,
      status: 'running',
      durationMinutes: minutes,
      startedAt: serverTimestamp(),
      dueAt: Timestamp.fromMillis(Date.now() + minutes * 60_000),
      destination: options.destination ?? null,
      guardians: options.guardians ?? [],
      location: { lat: 14.6545, lng: 121.0645, accuracy: 20, at: Timestamp.now() },
      movedAt: serverTimestamp(),
    })
    .set(doc(firestore, COLLECTIONS.safetyTimerCurrent, person.uid), { timerId: id })
    .commit();
  return id;
}

/** Makes a timer due, as if its time had run out (the admin SDK writes past the rules). */
const makeDue = (id: string) =>
  db
    .collection(COLLECTIONS.safetyTimers)
    .doc(id)
    .update({ dueAt: AdminTimestamp.fromMillis(Date.now() - 1_000) });

async function smsTo(to: string) {
  const sms = await db.collection(COLLECTIONS.smsMessages).where('to', '==', to).get();
  return sms.docs.map((d) => d.data());
}

describe('safety timers (issue 32 item 3)', function () {
  this.timeout(240_000);
  let admin: SignedIn;
  const housekeeping = () => admin.call<HousekeepingResponse>('runHousekeeping');

  before(async () => {
    assert.ok(INBOX, 'MAIL_INBOX_URL is set by scripts/run-integration.mjs');
    admin = await account({ role: 'Admin' });
  });

  it('a timer that runs out raises exactly one emergency and tells each guardian exactly once, with housekeeping running twice at once', async () => {
    const person = await account({ role: 'User', firstName: 'Tina', emailVerified: false });
    const mailGuardian = guardianEmail();
    const smsGuardian = phone();
    const id = await startTimer(person, {
      destination: 'Library, east entrance',
      guardians: [
        { kind: 'email', address: mailGuardian },
        { kind: 'phone', address: smsGuardian },
      ],
    });
    await makeDue(id);
    const runs = await Promise.all([housekeeping(), housekeeping()]);
    assert.equal(
      runs.reduce((n, r) => n + r.raisedSafetyTimers, 0),
      1,
    );

    const timer = (await docData(`${COLLECTIONS.safetyTimers}/${id}`))!;
    assert.equal(timer.status, 'expired');
    assert.equal(timer.raisedBy, 'expired');
    assert.equal(timer.emergencyId, `timer-${id}`);
    const emergency = (await docData(`${COLLECTIONS.emergencies}/timer-${id}`))!;
    assert.equal(emergency.uid, person.uid);
    assert.equal(emergency.status, 'open');
    assert.equal(emergency.emailVerified, false);
    assert.deepEqual([emergency.location.lat, emergency.location.lng], [14.6545, 121.0645]);
    assert.equal(emergency.fromTimer.reason, 'Safety timer ran out');
    assert.equal(emergency.fromTimer.destination, 'Library, east entrance');
    assert.equal(emergency.fromTimer.guardians, 2);
    const emergencies = await db
      .collection(COLLECTIONS.emergencies)
      .where('uid', '==', person.uid)
      .get();
    assert.equal(emergencies.size, 1);

    // The emergency pages like an SOS (pageOnEmergency), and its timeline says who was told.
    const entries = await waitFor(
      async () =>
        (
          await db
            .collection(COLLECTIONS.emergencies)
            .doc(`timer-${id}`)
            .collection(COLLECTIONS.timeline)
            .get()
        ).docs.map((d) => d.id),
      (ids) => ids.includes('opened'),
    );
    assert.ok(entries.includes('safety-timer'));
    assert.match(
      String(
        (await docData(`${COLLECTIONS.emergencies}/timer-${id}/timeline/safety-timer`))!.detail,
      ),
      /^Safety timer ran out: told 2 guardians \(1 by email, 1 by SMS\)$/,
    );

    const [mail] = await waitForMail(INBOX, { to: mailGuardian, timeoutMs: MAIL_WAIT_MS });
    assert.equal(mail!.subject, "Tina User's safety timer ran out");
    assert.match(mail!.text, /Last known place: 14\.65450, 121\.06450 \(within 20 m\)/);
    assert.match(mail!.text, /They were heading to: Library, east entrance/);
    assert.doesNotMatch(mail!.text, /https?:\/\//);
    const sms = await smsTo(smsGuardian);
    assert.equal(sms.length, 1);
    assert.equal(sms[0]!.state, 'sent');
    assert.match(String(sms[0]!.text), /Tina User did not check in by \d\d:\d\d/);
    assert.match(String(sms[0]!.text), /Last known place: 14\.65450, 121\.06450/);

    // Later runs raise nothing more and send nothing more.
    assert.equal((await housekeeping()).raisedSafetyTimers, 0);
    assert.equal((await mailTo(INBOX, mailGuardian)).length, 1);
    assert.equal((await smsTo(smsGuardian)).length, 1);
  });

  it('a checked-in timer raises nothing; a cancelled one neither', async () => {
    const person = await account({ role: 'User' });
    const smsGuardian = phone();
    const guardians: Guardian[] = [{ kind: 'phone', address: smsGuardian }];
    const checkedIn = await startTimer(person, { guardians });
    await updateDoc(doc(person.firestore, COLLECTIONS.safetyTimers, checkedIn), {
      status: 'checkedIn',
      endedAt: serverTimestamp(),
    });
    // One running at a time: a second starts once the first has ended.
    const cancelled = await startTimer(person, { guardians });
    await updateDoc(doc(person.firestore, COLLECTIONS.safetyTimers, cancelled), {
      status: 'cancelled',
      endedAt: serverTimestamp(),
    });
    await Promise.all([makeDue(checkedIn), makeDue(cancelled)]);
    await housekeeping();
    assert.equal((await docData(`${COLLECTIONS.safetyTimers}/${checkedIn}`))!.status, 'checkedIn');
    assert.equal((await docData(`${COLLECTIONS.safetyTimers}/${cancelled}`))!.status, 'cancelled');
    for (const id of [checkedIn, cancelled])
      assert.equal(await docData(`${COLLECTIONS.emergencies}/timer-${id}`), undefined);
    assert.equal((await smsTo(smsGuardian)).length, 0);
  });

  it('SOS while a timer runs ends it as raised by that emergency and tells the guardians once', async () => {
    const person = await account({ role: 'User', firstName: 'Sam' });
    const mailGuardian = guardianEmail();
    const timerId = await startTimer(person, {
      guardians: [{ kind: 'email', address: mailGuardian }],
    });
    const sosId = await pressSosAsApp(person.firestore, person, {
      id: unique('sos'),
      campus: 'main',
      emailVerified: true,
    });
    const timer = await waitFor(
      () => docData(`${COLLECTIONS.safetyTimers}/${timerId}`),
      (t) => t?.status === 'expired',
    );
    assert.equal(timer!.emergencyId, sosId);
    assert.equal(timer!.raisedBy, 'sos');
    const emergency = (await docData(`${COLLECTIONS.emergencies}/${sosId}`))!;
    assert.equal(emergency.fromTimer.reason, 'SOS pressed while a safety timer ran');
    const [mail] = await waitForMail(INBOX, { to: mailGuardian, timeoutMs: MAIL_WAIT_MS });
    assert.equal(mail!.subject, 'Sam User pressed SOS');
    // Housekeeping finds nothing left to raise, even once the time is up.
    await makeDue(timerId);
    await housekeeping();
    assert.equal(await docData(`${COLLECTIONS.emergencies}/timer-${timerId}`), undefined);
    assert.equal((await mailTo(INBOX, mailGuardian)).length, 1);
  });
});
