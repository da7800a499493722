/** "Send a test to myself": an alert's texts to its author alone. */
import {
  COLLECTIONS,
  channelTexts,
  type CallableInput,
  type MassNotificationChannel,
  type SendMassNotificationTestResponse,
} from '@campus-safety/model';
import { deliverMail, queueMail } from '../../platform/mail';
import { deliverSms, queueSms } from '../../platform/sms';
import type { Caller } from '../../platform/caller';
import { deviceTokensOf } from '../user-refs';
import type { MassNotificationDeps } from './deps';
import { alertVersionFor } from '../../domain/alert-language';
import { currentInstitution } from '../settings';
import { countSenderAction } from './sender-quota';
import { inAppNotification, pushPayload } from './messages';

/**
 * "Send a test to myself": the alert's texts, marked test, to the caller alone by the chosen
 * channels; no alert is recorded. Counted per sender (LIMITS.massNotificationTestsPerSenderPerHour)
 * in the transaction that queues its mail and text.
 */
export async function sendMassNotificationTest(
  deps: MassNotificationDeps,
  input: CallableInput<'sendMassNotificationTest'>,
  caller: Caller,
  timeZone: string,
  now: Date = new Date(),
): Promise<SendMassNotificationTestResponse> {
  const { db } = deps;
  const userRef = db.collection(COLLECTIONS.users).doc(caller.uid);
  const profile = (await userRef.get()).data() ?? {};
  // The sender reads the version a person of their own profile language would.
  const version = alertVersionFor(
    { ...input, language: (await currentInstitution(db)).defaultLanguage },
    { profile: profile.language },
  );
  const texts = channelTexts({ kind: input.kind, ...version, test: true });
  const channels = new Set(input.channels);
  const phone = channels.has('sms')
    ? (await deps.phonesOf([caller.uid])).get(caller.uid)
    : undefined;
  const testId = `mass-test-${db.collection(COLLECTIONS.massNotifications).doc().id}`;
  const mailRef = db.collection(COLLECTIONS.mailMessages).doc(testId);
  const smsRef = db.collection(COLLECTIONS.smsMessages).doc(testId);
  const email = typeof profile.email === 'string' ? profile.email : null;
  await db.runTransaction(async (tx) => {
    await countSenderAction(tx, db, caller, 'tests', now, timeZone);
    if (channels.has('inApp'))
      tx.create(
        userRef.collection(COLLECTIONS.notifications).doc(testId),
        inAppNotification(texts, null, input.kind),
      );
    if (channels.has('email') && email) queueMail(tx, mailRef, { to: email, ...texts.email });
    if (channels.has('sms') && phone) queueSms(tx, smsRef, { to: phone, text: texts.sms.text });
  });
  const sent: MassNotificationChannel[] = [];
  if (channels.has('inApp')) sent.push('inApp');
  const tokens = deviceTokensOf(profile);
  if (channels.has('push') && tokens.length > 0) {
    const outcome = await deps.push.send(
      { tokens, owner: userRef },
      { ...pushPayload(texts, testId) },
      testId,
    );
    if (outcome.sent > 0) sent.push('push');
  }
  if (channels.has('email') && email && (await deliverMail(mailRef, deps.mail)) === 'sent')
    sent.push('email');
  if (channels.has('sms') && phone && (await deliverSms(smsRef, deps.sms)) === 'sent')
    sent.push('sms');
  return { sent, skipped: input.channels.filter((c) => !sent.includes(c)) };
}
