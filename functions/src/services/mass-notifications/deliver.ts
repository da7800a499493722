/** Delivering one page of an alert's fan-out on every channel, and its receipts. */
import { FieldPath, type DocumentData, type DocumentReference } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  MASS_NOTIFICATION_PUSH_CALLS,
  audienceListed,
  reachesLocated,
  emptyReceipts,
  isLanguage,
  fullName,
  reaches,
  type Audience,
  type MassNotificationChannel,
  type Language,
  type ReplyRequest,
} from '@campus-safety/model';
import { hasTranslations } from '../../domain/alert-language';
import { queueMail } from '../../platform/mail';
import { runOnce } from '../../platform/run-once';
import { queueSms } from '../../platform/sms';
import { deviceTokensOf } from '../user-refs';
import { alerts, recipientsOf } from './refs';
import type { MassNotificationDeps } from './deps';
import { deliverContactPage } from './contacts';
import { closePagePart, startPage } from './drain';
import { inAppNotification, pushPayload } from './messages';
import { deliverPushCall, pushCallId, pushCallsOf, type PushCallState } from './push-calls';
import { repliesOf, replySlot } from './replies';
import { issueReplyLinks } from './reply-links';
import { IN_VALUES } from './plan';
import { languageCounts, storedVersionFor, versionTexts } from './versions';

/**
 * The language tag of the roster person linked to each of `uids`, for the accounts whose profile
 * names no language of their own: one `in` query per 30 people.
 */
async function rosterLanguagesOf(
  db: MassNotificationDeps['db'],
  uids: string[],
): Promise<Map<string, unknown>> {
  const found = new Map<string, unknown>();
  for (let i = 0; i < uids.length; i += IN_VALUES) {
    const linked = await db
      .collection(COLLECTIONS.roster)
      .where('uid', 'in', uids.slice(i, i + IN_VALUES))
      .select('uid', 'language')
      .get();
    for (const doc of linked.docs) found.set(String(doc.get('uid')), doc.get('language'));
  }
  return found;
}

/**
 * One page of the fan-out, exactly once: the first run writes every person's in-app
 * notification and queues their mail, SMS and push calls in one transaction with its run-once
 * marker (a retry writes nothing again), which also starts the page's mail and SMS in a run of
 * their own (drain.ts). Then every run drains the push calls still queued, each once, so a run
 * that died after the transaction loses nothing, and closes the push and in-app part: people
 * targeted, sent, failed and skipped per channel. A failed push is retried with the event.
 */
export async function deliverMassNotificationBatch(
  deps: MassNotificationDeps,
  alertId: string,
  batchRef: DocumentReference,
): Promise<'delivered' | 'written' | 'none'> {
  const { db } = deps;
  const [alertSnap, batchSnap, listSnap] = await Promise.all([
    alerts(db).doc(alertId).get(),
    batchRef.get(),
    recipientsOf(batchRef).get(),
  ]);
  const alert = alertSnap.data();
  const batch = batchSnap.data();
  if (!alert || !batch || !listSnap.exists || batch.state === 'delivered') return 'none';
  // A page of the roster's people without an account: by their contacts only.
  if (Array.isArray(listSnap.get('contacts')))
    return deliverContactPage(
      deps,
      { id: alertId, data: alert },
      batchRef,
      listSnap.get('contacts'),
    );
  const audience = alert.audience as Audience;
  const channels = new Set(alert.channels as MassNotificationChannel[]);
  const uids = listSnap.get('uids') as string[];
  const users = db.collection(COLLECTIONS.users);
  const snaps = await db.getAll(...uids.map((uid) => users.doc(uid)));
  // Checked again at delivery: an account archived or unverified since the plan gets nothing.
  // Who was located inside the area, or on a follow-up's list, was settled by the plan.
  const recipients = snaps
    .filter((s) => reaches(audience, s.data() ?? {}, audienceListed(audience)))
    .map((s) => ({ uid: s.id, profile: s.data() as DocumentData }));
  // Each person's version: their profile's language, else their roster row's (read only when
  // the alert has versions and the profile names no language).
  const rosterLanguages = hasTranslations(alert)
    ? await rosterLanguagesOf(
        db,
        recipients.filter((r) => !isLanguage(r.profile.language)).map((r) => r.uid),
      )
    : new Map<string, unknown>();
  const languageOf = new Map<string, Language>(
    recipients.map((r) => [
      r.uid,
      storedVersionFor(alert, {
        profile: r.profile.language,
        roster: rosterLanguages.get(r.uid),
      }).language,
    ]),
  );
  const texts = versionTexts(alert);
  const phones = channels.has('sms')
    ? await deps.phonesOf(recipients.map((r) => r.uid))
    : new Map<string, string>();
  const mailRef = (uid: string) =>
    db.collection(COLLECTIONS.mailMessages).doc(`mass-${alertId}-${uid}`);
  const smsRef = (uid: string) =>
    db.collection(COLLECTIONS.smsMessages).doc(`mass-${alertId}-${uid}`);
  const mailable = recipients.filter((r) => typeof r.profile.email === 'string' && r.profile.email);
  const textable = recipients.filter((r) => phones.has(r.uid));

  const tokensByUid = new Map(recipients.map((r) => [r.uid, deviceTokensOf(r.profile)]));
  const withDevice = channels.has('push')
    ? recipients.filter((r) => tokensByUid.get(r.uid)!.length > 0)
    : [];
  const pushCalls = batchRef.collection(MASS_NOTIFICATION_PUSH_CALLS);
  const reply = (alert.reply ?? null) as ReplyRequest | null;
  // A follow-up that asks again answers into its alert's slots (those people have one already).
  const slots = reply && !alert.repliesFor ? repliesOf(db, alertId) : null;
  // Mail and SMS of an alert that asks carry each person's reply link (a mail may be read
  // where the app is not); the follow-up's links answer into its alert's slots too.
  const linked = reply
    ? new Set([
        ...(channels.has('email') ? mailable : []).map((r) => r.uid),
        ...(channels.has('sms') ? textable : []).map((r) => r.uid),
      ])
    : [];
  const now = new Date();

  await runOnce(
    db,
    { trigger: 'deliver-mass-notification-batch', eventId: batchRef.path },
    async (tx) => {
      const links = issueReplyLinks(tx, db, deps.consoleUrl, alertId, linked, now);
      const textsOf = (uid: string) => texts(languageOf.get(uid)!, links.get(uid));
      for (const { uid, profile } of recipients) {
        if (channels.has('inApp')) {
          tx.create(
            users.doc(uid).collection(COLLECTIONS.notifications).doc(`mass-${alertId}`),
            inAppNotification(textsOf(uid), alertId, alert.kind, reply),
          );
        }
        if (slots)
          tx.create(slots.doc(uid), replySlot({ name: fullName(profile), campus: profile.campus }));
      }
      if (channels.has('email')) {
        for (const { uid, profile } of mailable) {
          queueMail(tx, mailRef(uid), {
            to: String(profile.email),
            subject: textsOf(uid).email.subject,
            text: textsOf(uid).email.text,
          });
        }
      }
      if (channels.has('sms')) {
        for (const { uid } of textable)
          queueSms(tx, smsRef(uid), { to: phones.get(uid)!, text: textsOf(uid).sms.text });
      }
      // The page's push calls, queued with the rest: whichever run gets here first or later
      // drains them, so a run that dies after this transaction leaves them for the retry. One
      // payload per call, so each language's people have calls of their own.
      const byLanguage = new Map<Language, string[]>();
      for (const { uid } of withDevice) {
        const language = languageOf.get(uid)!;
        if (!byLanguage.has(language)) byLanguage.set(language, []);
        byLanguage.get(language)!.push(uid);
      }
      let k = 0;
      for (const [language, people] of byLanguage)
        for (const call of pushCallsOf(people, tokensByUid))
          tx.create(pushCalls.doc(pushCallId(k++)), {
            ...call,
            language,
            state: 'pending' satisfies PushCallState,
          });
      startPage(
        tx,
        batchRef,
        {
          mail: channels.has('email') ? mailable.map((r) => mailRef(r.uid)) : null,
          sms: channels.has('sms') ? textable.map((r) => smsRef(r.uid)) : null,
        },
        recipients.length,
      );
    },
  );

  // Only this part's channels: the mail and SMS part writes its own, maybe first.
  const { push, inApp } = emptyReceipts();
  const receipts = { push, inApp };
  const sentAt: Partial<Record<MassNotificationChannel, Date>> = {};
  const n = recipients.length;
  if (channels.has('inApp')) {
    receipts.inApp = { targeted: n, sent: n, failed: 0, skipped: 0 };
    sentAt.inApp = new Date();
  }

  if (channels.has('push')) {
    receipts.push = { targeted: n, sent: 0, failed: 0, skipped: n - withDevice.length };
    const calls = await pushCalls.orderBy(FieldPath.documentId()).get();
    for (const call of calls.docs) {
      const done = await deliverPushCall(call.ref, (tokens) =>
        deps.push.send(
          // The record of a push to people found by location keeps how many devices, not which.
          { tokens, confidential: reachesLocated(audience) },
          // Calls queued before versions name no language: the main text.
          pushPayload(texts(call.get('language') ?? null), alertId),
          `mass-${alertId}-${batchRef.id}-${call.id}`,
        ),
      );
      receipts.push.sent += done.uids.length - done.failedUids.length;
      receipts.push.failed += done.failedUids.length;
    }
    sentAt.push = new Date();
  }

  return closePagePart(batchRef, 'push-and-in-app', receipts, sentAt, {
    languages: languageCounts(languageOf.values()),
  });
}
