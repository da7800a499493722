/**
 * Phones for alerts (issue 31 item 2, docs/mass-notifications.md#phones-for-alerts): a person
 * asks for a code by SMS to a number, types it back, and the number becomes theirs for alerts and
 * pages, without a second factor. One person per number: whoever proves a number holds it (they
 * have the phone), and the previous holder loses it. Codes are bounded per hour (each is an SMS
 * the deployment pays for) and each takes a bounded number of tries.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  ALERT_PHONE_LIMITS,
  COLLECTIONS,
  alertPhoneCodeText,
  type ConfirmAlertPhoneResponse,
  type RemoveAlertPhoneResponse,
  type StartAlertPhoneVerificationResponse,
} from '@campus-safety/model';
import type { Caller } from '../platform/caller';
import { fail } from '../platform/errors';
import { deliverSms, queueSms, type SmsProvider } from '../platform/sms';
import { millisOf } from '../platform/timestamps';

export interface AlertPhoneDeps {
  db: Firestore;
  sms: SmsProvider | null;
  institutionShortName: string;
  now?: () => Date;
}

const HOUR_MS = 3_600_000;

/** The stored form of a code: bound to its person and number, so a hash proves nothing else. */
function codeHash(uid: string, phone: string, code: string): Buffer {
  return createHash('sha256').update(`${uid}\n${phone}\n${code}`).digest();
}

function refs(db: Firestore, uid: string) {
  return {
    code: db.collection(COLLECTIONS.alertPhoneCodes).doc(uid),
    phone: db.collection(COLLECTIONS.alertPhones).doc(uid),
  };
}

/** The hour's window of codes: its start and how many were sent in it. */
function windowOf(data: FirebaseFirestore.DocumentData | undefined, nowMs: number) {
  const start = millisOf(data?.windowStart);
  if (start === null || nowMs - start >= HOUR_MS) return { start: nowMs, sent: 0 };
  return { start, sent: typeof data?.sent === 'number' ? data.sent : 0 };
}

export async function startAlertPhoneVerification(
  deps: AlertPhoneDeps,
  input: { phone: string },
  caller: Caller,
): Promise<StartAlertPhoneVerificationResponse> {
  const { db } = deps;
  if (!deps.sms)
    fail('failed-precondition', 'This deployment sends no SMS, so a phone cannot be checked.');
  const now = (deps.now ?? (() => new Date()))();
  const ref = refs(db, caller.uid);
  const code = String(randomInt(0, 10 ** ALERT_PHONE_LIMITS.codeDigits)).padStart(
    ALERT_PHONE_LIMITS.codeDigits,
    '0',
  );
  const expiresAt = new Date(now.getTime() + ALERT_PHONE_LIMITS.codeMinutes * 60_000);
  const sent = await db.runTransaction(async (tx) => {
    const window = windowOf((await tx.get(ref.code)).data(), now.getTime());
    if (window.sent >= ALERT_PHONE_LIMITS.codesPerPersonPerHour) {
      const again = new Date(window.start + HOUR_MS);
      fail(
        'resource-exhausted',
        `You asked for ${ALERT_PHONE_LIMITS.codesPerPersonPerHour} codes this hour. Ask again after ${again.toISOString().slice(11, 16)} UTC.`,
      );
    }
    const count = window.sent + 1;
    tx.set(ref.code, {
      phone: input.phone,
      codeHash: codeHash(caller.uid, input.phone, code),
      expiresAt: Timestamp.fromDate(expiresAt),
      attempts: 0,
      windowStart: Timestamp.fromMillis(window.start),
      sent: count,
    });
    const smsRef = db
      .collection(COLLECTIONS.smsMessages)
      .doc(`alert-phone-${caller.uid}-${window.start}-${count}`);
    queueSms(tx, smsRef, {
      to: input.phone,
      text: alertPhoneCodeText(code, deps.institutionShortName),
    });
    return { smsRef, left: ALERT_PHONE_LIMITS.codesPerPersonPerHour - count };
  });
  await deliverSms(sent.smsRef, deps.sms);
  return {
    phone: input.phone,
    expiresAt: expiresAt.toISOString(),
    codesLeftThisHour: sent.left,
  };
}

type Check =
  | { ok: true; phone: string }
  | {
      ok: false;
      code: 'failed-precondition' | 'resource-exhausted' | 'invalid-argument';
      message: string;
    };

export async function confirmAlertPhone(
  db: Firestore,
  input: { code: string },
  caller: Caller,
  now: Date = new Date(),
): Promise<ConfirmAlertPhoneResponse> {
  const ref = refs(db, caller.uid);
  // A wrong code must count even though the call fails: the transaction records the try and
  // answers what to say; the failure is raised once it has committed.
  const check = await db.runTransaction(async (tx): Promise<Check> => {
    const pending = (await tx.get(ref.code)).data();
    const phone = typeof pending?.phone === 'string' ? pending.phone : null;
    const stored = pending?.codeHash;
    const expires = millisOf(pending?.expiresAt);
    if (!phone || !(stored instanceof Uint8Array) || expires === null)
      return { ok: false, code: 'failed-precondition', message: 'Ask for a code first.' };
    if (expires <= now.getTime())
      return {
        ok: false,
        code: 'failed-precondition',
        message: 'This code has expired: ask for a new one.',
      };
    const attempts = typeof pending?.attempts === 'number' ? pending.attempts : 0;
    if (attempts >= ALERT_PHONE_LIMITS.attemptsPerCode)
      return {
        ok: false,
        code: 'resource-exhausted',
        message: 'Too many wrong codes: ask for a new one.',
      };
    const typed = codeHash(caller.uid, phone, input.code);
    if (!timingSafeEqual(Buffer.from(stored), typed)) {
      tx.update(ref.code, { attempts: attempts + 1 });
      const left = ALERT_PHONE_LIMITS.attemptsPerCode - attempts - 1;
      return {
        ok: false,
        code: left > 0 ? 'invalid-argument' : 'resource-exhausted',
        message:
          left > 0
            ? `That is not the code. ${left} ${left === 1 ? 'try' : 'tries'} left.`
            : 'Too many wrong codes: ask for a new one.',
      };
    }
    const ownerRef = db.collection(COLLECTIONS.alertPhoneOwners).doc(phone);
    const [owner, mine] = await Promise.all([tx.get(ownerRef), tx.get(ref.phone)]);
    const previousHolder = owner.get('uid') as unknown;
    if (typeof previousHolder === 'string' && previousHolder !== caller.uid)
      tx.delete(db.collection(COLLECTIONS.alertPhones).doc(previousHolder));
    const oldPhone = mine.get('phone') as unknown;
    if (typeof oldPhone === 'string' && oldPhone !== phone)
      tx.delete(db.collection(COLLECTIONS.alertPhoneOwners).doc(oldPhone));
    tx.set(ownerRef, { uid: caller.uid, at: FieldValue.serverTimestamp() });
    tx.set(ref.phone, { phone, verifiedAt: FieldValue.serverTimestamp() });
    // The code is spent; the hour's count stays, so asking again is still bounded.
    tx.update(ref.code, {
      phone: FieldValue.delete(),
      codeHash: FieldValue.delete(),
      expiresAt: FieldValue.delete(),
      attempts: FieldValue.delete(),
    });
    return { ok: true, phone };
  });
  if (!check.ok) fail(check.code, check.message);
  return { phone: check.phone };
}

export async function removeAlertPhone(
  db: Firestore,
  caller: Caller,
): Promise<RemoveAlertPhoneResponse> {
  const ref = refs(db, caller.uid);
  return db.runTransaction(async (tx) => {
    const phone = (await tx.get(ref.phone)).get('phone') as unknown;
    if (typeof phone !== 'string') return { removed: false };
    const ownerRef = db.collection(COLLECTIONS.alertPhoneOwners).doc(phone);
    if ((await tx.get(ownerRef)).get('uid') === caller.uid) tx.delete(ownerRef);
    tx.delete(ref.phone);
    return { removed: true };
  });
}
