/**
 * Answering an alert by SMS (docs/mass-notifications.md#sms-replies): the adapter posts each SMS
 * it receives; the sender's number names one person (the phone they proved for alerts, else the
 * roster's), whose latest reply link still in its window names the alert. "1", "2"… or an
 * answer's words record it; anything else is answered with the choices, a bounded number of
 * SMS a number an hour (each costs the deployment).
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  REPLY_LINK_LIMITS,
  normalisePhoneNumber,
  rosterRecipientId,
  smsReplyChoice,
  smsReplyHelp,
  type RosterStatus,
} from '@campus-safety/model';
import { HttpsError } from 'firebase-functions/v2/https';
import { deliverSms, queueSms, type SmsProvider } from '../../platform/sms';
import { HOUR_MS, tryCountInWindow } from '../../platform/windowed-count';
import { questionOf } from './link-replies';
import { recordReply } from './replies';
import { replyLinks } from './reply-links';

export type SmsReplyOutcome = 'recorded' | 'explained' | 'ignored';

/**
 * The one person `phone` (E.164) names as a recipient: the holder of the proved alert phone,
 * else the active roster person with that phone (by uid once linked). Null for nobody.
 */
async function recipientOf(db: Firestore, phone: string): Promise<string | null> {
  const owner = await db.collection(COLLECTIONS.alertPhoneOwners).doc(phone).get();
  const uid = owner.get('uid') as unknown;
  if (typeof uid === 'string' && uid) return uid;
  const roster = await db
    .collection(COLLECTIONS.roster)
    .where('phone', '==', phone)
    .where('status', '==', 'active' satisfies RosterStatus)
    .limit(2)
    .get();
  // The import keeps a phone to one person; two would be a fault, and then nobody is guessed.
  if (roster.size !== 1) return null;
  const person = roster.docs[0]!;
  const linked = person.get('uid') as unknown;
  return typeof linked === 'string' && linked ? linked : rosterRecipientId(person.id);
}

/** The alert the person's latest link (still in its window) was made for. */
async function latestAlertOf(db: Firestore, recipientId: string, now: Date) {
  const latest = await replyLinks(db)
    .where('recipientId', '==', recipientId)
    .where('expiresAt', '>', Timestamp.fromDate(now))
    .orderBy('expiresAt', 'desc')
    .limit(1)
    .get();
  return latest.empty ? null : String(latest.docs[0]!.get('alertId'));
}

/**
 * Sends `text` back to `phone` unless the number had REPLY_LINK_LIMITS.answersPerNumberPerHour
 * already this hour (counted in the transaction that queues it, so replies side by side cannot
 * pass the bound). Gives back whether it was sent.
 */
async function answerBack(
  db: Firestore,
  sms: SmsProvider | null,
  phone: string,
  text: string,
  now: Date,
): Promise<boolean> {
  const ref = db.collection(COLLECTIONS.smsMessages).doc();
  const queued = await db.runTransaction(async (tx) => {
    const counted = await tryCountInWindow(
      tx,
      db.collection(COLLECTIONS.smsReplyQuotas).doc(phone),
      'answers',
      { limit: REPLY_LINK_LIMITS.answersPerNumberPerHour, windowMs: HOUR_MS, at: now },
    );
    if ('fullUntil' in counted) return false;
    queueSms(tx, ref, { to: phone, text });
    return true;
  });
  if (queued) await deliverSms(ref, sms);
  return queued;
}

/** Takes one inbound SMS: records the answer it gives, explains the choices, or ignores it. */
export async function answerBySms(
  deps: { db: Firestore; sms: SmsProvider | null },
  message: { from: string; text: string },
  now: Date = new Date(),
): Promise<SmsReplyOutcome> {
  const { db } = deps;
  const phone = normalisePhoneNumber(message.from);
  // An unknown number is told nothing: the reply would confirm whom the number belongs to.
  const recipientId = phone ? await recipientOf(db, phone) : null;
  const alertId = recipientId ? await latestAlertOf(db, recipientId, now) : null;
  const question = alertId ? await questionOf(db, alertId) : null;
  if (!phone || !recipientId || !alertId || !question) return 'ignored';
  const choice = smsReplyChoice(message.text, question.choices);
  if (choice === null) {
    await answerBack(db, deps.sms, phone, smsReplyHelp(question.title, question.choices), now);
    return 'explained';
  }
  try {
    const { label } = await recordReply(db, { alertId, recipientId, choice, via: 'sms' }, now);
    await answerBack(db, deps.sms, phone, `Recorded: "${label}". Reply again to change it.`, now);
    return 'recorded';
  } catch (error) {
    // Changed too often, or the slot is gone: the answer stands as it was.
    if (error instanceof HttpsError) return 'ignored';
    throw error;
  }
}
