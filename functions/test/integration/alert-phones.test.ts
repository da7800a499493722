import assert from 'node:assert/strict';
import {
  ALERT_PHONE_LIMITS,
  COLLECTIONS,
  type ConfirmAlertPhoneResponse,
  type StartAlertPhoneVerificationResponse,
} from '@campus-safety/model';
import {
  account,
  callError,
  db,
  reportFiledBy,
  reporter,
  timelineOf,
  waitFor,
  type SignedIn,
} from './stack';

/** The codes sent to `phone`, newest last, read from the SMS outbox (the recording provider). */
async function codesSentTo(phone: string): Promise<string[]> {
  const snap = await db.collection(COLLECTIONS.smsMessages).where('to', '==', phone).get();
  return snap.docs
    .map((d) => d.data())
    .sort((a, b) => a.createdAt.toMillis() - b.createdAt.toMillis())
    .map((m) => /code for safety alerts is (\d{6})/.exec(String(m.text))?.[1] ?? '');
}

async function latestCode(phone: string): Promise<string> {
  const codes = await codesSentTo(phone);
  return codes[codes.length - 1]!;
}

const alertPhone = async (uid: string) =>
  (await db.collection(COLLECTIONS.alertPhones).doc(uid).get()).data()?.phone as string | undefined;

/** A number no other test uses (the suites share one emulator). */
let serial = 0;
const freshPhone = () =>
  `+63917${String(Date.now() % 1_000_000).padStart(6, '0')}${(serial++ % 10).toString()}`;

async function prove(who: SignedIn, phone: string) {
  await who.call<StartAlertPhoneVerificationResponse>('startAlertPhoneVerification', { phone });
  return who.call<ConfirmAlertPhoneResponse>('confirmAlertPhone', {
    code: await latestCode(phone),
  });
}

describe('phones for alerts (issue 31 item 2)', function () {
  this.timeout(120_000);

  it('a code by SMS proves the number: stored in E.164, the code only as a hash', async () => {
    const person = await account({ role: 'User' });
    const phone = freshPhone();
    const typed = `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`;
    const started = await person.call<StartAlertPhoneVerificationResponse>(
      'startAlertPhoneVerification',
      { phone: typed },
    );
    assert.equal(started.phone, phone);
    assert.equal(started.codesLeftThisHour, ALERT_PHONE_LIMITS.codesPerPersonPerHour - 1);
    const [code] = await codesSentTo(phone);
    assert.match(code!, /^\d{6}$/);
    // The outbox holds the code in the message only: the pending code is stored as a hash.
    const pending = (await db.collection(COLLECTIONS.alertPhoneCodes).doc(person.uid).get()).data();
    assert.ok(!JSON.stringify(pending).includes(code!));

    assert.deepEqual(await person.call('confirmAlertPhone', { code }), { phone });
    assert.equal(await alertPhone(person.uid), phone);
  });

  it('wrong codes are counted and bounded; the right code after the bound proves nothing', async () => {
    const person = await account({ role: 'User' });
    const phone = freshPhone();
    await person.call('startAlertPhoneVerification', { phone });
    const right = await latestCode(phone);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 1; i < ALERT_PHONE_LIMITS.attemptsPerCode; i += 1) {
      const e = await callError(person.call('confirmAlertPhone', { code: wrong }));
      assert.equal(e.code, 'functions/invalid-argument');
      const left = ALERT_PHONE_LIMITS.attemptsPerCode - i;
      assert.equal(
        e.message,
        `That is not the code. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
      );
    }
    const last = await callError(person.call('confirmAlertPhone', { code: wrong }));
    assert.equal(last.code, 'functions/resource-exhausted');
    const after = await callError(person.call('confirmAlertPhone', { code: right }));
    assert.equal(after.message, 'Too many wrong codes: ask for a new one.');
    assert.equal(await alertPhone(person.uid), undefined);
  });

  it('codes per hour are bounded (each is an SMS the deployment pays for), and bad numbers refused', async () => {
    const person = await account({ role: 'User' });
    const phone = freshPhone();
    for (let i = 0; i < ALERT_PHONE_LIMITS.codesPerPersonPerHour; i += 1)
      await person.call('startAlertPhoneVerification', { phone });
    const e = await callError(person.call('startAlertPhoneVerification', { phone }));
    assert.equal(e.code, 'functions/resource-exhausted');
    assert.match(
      e.message,
      /^You asked for 3 codes this hour\. Ask again after \d{2}:\d{2} UTC\.$/,
    );
    assert.equal((await codesSentTo(phone)).length, ALERT_PHONE_LIMITS.codesPerPersonPerHour);

    for (const bad of ['0917 123 4567', '+63 917 12O 4567', '+1234', 'x'.repeat(40)]) {
      const refused = await callError(person.call('startAlertPhoneVerification', { phone: bad }));
      assert.equal(refused.code, 'functions/invalid-argument', bad);
    }
  });

  it('one person per number: whoever proves it holds it; removing forgets it', async () => {
    const [first, second] = await Promise.all([
      account({ role: 'User' }),
      account({ role: 'User' }),
    ]);
    const phone = freshPhone();
    await prove(first, phone);
    await prove(second, phone);
    assert.equal(await alertPhone(second.uid), phone);
    assert.equal(await alertPhone(first.uid), undefined);
    assert.deepEqual(await second.call('removeAlertPhone', {}), { removed: true });
    assert.equal(await alertPhone(second.uid), undefined);
    assert.equal(
      (await db.collection(COLLECTIONS.alertPhoneOwners).doc(phone).get()).exists,
      false,
    );
  });

  it('an unverified sign-up cannot have codes sent', async () => {
    const newbie = await account({ role: 'User', emailVerified: false });
    const e = await callError(newbie.call('startAlertPhoneVerification', { phone: freshPhone() }));
    assert.equal(e.code, 'functions/permission-denied');
  });

  it('a page reaches the assignee by SMS at the phone they proved, with the one-click link', async () => {
    const admin = await account({ role: 'Admin', firstName: 'Ada' });
    const imt = await account({ role: 'IMT' });
    const phone = freshPhone();
    await prove(imt, phone);
    const ref = await reportFiledBy(await reporter(), {}, 10);
    await ref.update({
      status: 'Processing',
      assignedTo: { id: imt.uid, displayName: 'Test IMT', email: imt.email },
      threatLevel: 'Critical',
      updatedBy: admin.uid,
    });
    const [sms] = await waitFor(
      async () => {
        const snap = await db
          .collection(COLLECTIONS.smsMessages)
          .where('to', '==', phone)
          .where('state', '==', 'sent')
          .get();
        return snap.docs.map((d) => d.data()).filter((m) => String(m.text).includes(ref.id));
      },
      (found) => found.length > 0,
    );
    assert.equal(
      sms!.text,
      `Assigned to you: Fire at Main Campus (Critical). Acknowledge: http://console.test/reports?id=${ref.id}&acknowledge=1`,
    );
    const paged = (await timelineOf(ref.path)).filter((e) => e.kind === 'paged');
    assert.match(String(paged[0]!.detail), /console alert, email, SMS, push to/);
  });
});
