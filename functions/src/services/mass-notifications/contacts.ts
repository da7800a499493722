/**
 * A page of the roster's contact-only people (docs/mass-notifications.md#roster-reach): people
 * of the institution without an app account, reached by mail and SMS at the addresses the
 * institution gave; push and in-app count them skipped (they have no device or inbox).
 */
import type { DocumentData, DocumentReference } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  emptyReceipts,
  rosterReaches,
  rosterRecipientId,
  type Audience,
  type MassNotificationChannel,
  type ReplyRequest,
} from '@campus-safety/model';
import { queueMail } from '../../platform/mail';
import { runOnce } from '../../platform/run-once';
import { queueSms } from '../../platform/sms';
import type { MassNotificationDeps } from './deps';
import { closePagePart, startPage } from './drain';
import { repliesOf, replySlot } from './replies';
import { issueReplyLinks } from './reply-links';
import { languageCounts, storedVersionFor, versionTexts } from './versions';

/**
 * Exactly once, like a page of accounts: the first run queues every person's mail and SMS in
 * one transaction with its run-once marker, which starts their sending in a run of its own
 * (drain.ts); push and in-app are skipped for everyone. Each person is checked again here: retired or linked to an account since the plan
 * (then the account is reached, by uid), they get nothing from this page. An alert that asks
 * gives each a reply slot and link under `rosterRecipientId` (they have no app to answer in).
 */
export async function deliverContactPage(
  deps: MassNotificationDeps,
  alert: { id: string; data: DocumentData },
  page: DocumentReference,
  personIds: string[],
): Promise<'delivered' | 'written'> {
  const { db } = deps;
  const audience = alert.data.audience as Audience;
  const channels = new Set(alert.data.channels as MassNotificationChannel[]);
  const texts = versionTexts(alert.data);
  const reply = (alert.data.reply ?? null) as ReplyRequest | null;
  const slots = reply && !alert.data.repliesFor ? repliesOf(db, alert.id) : null;
  const roster = db.collection(COLLECTIONS.roster);
  const snaps = await db.getAll(...personIds.map((id) => roster.doc(id)));
  const people = snaps
    .filter((s) => rosterReaches(audience, s.data() ?? {}))
    .map((s) => ({
      id: s.id,
      recipientId: rosterRecipientId(s.id),
      name: String(s.get('name')),
      campus: s.get('campus') as unknown,
      email: String(s.get('email')),
      phone: s.get('phone') as unknown,
      // Without an account, the roster's language is theirs.
      language: storedVersionFor(alert.data, { roster: s.get('language') }).language,
    }));
  const mailRef = (id: string) =>
    db.collection(COLLECTIONS.mailMessages).doc(`mass-${alert.id}-roster-${id}`);
  const smsRef = (id: string) =>
    db.collection(COLLECTIONS.smsMessages).doc(`mass-${alert.id}-roster-${id}`);
  const mailable = channels.has('email') ? people : [];
  const textable = channels.has('sms') ? people.filter((p) => typeof p.phone === 'string') : [];
  const linked = reply ? new Set([...mailable, ...textable].map((p) => p.recipientId)) : [];
  const now = new Date();

  await runOnce(
    db,
    { trigger: 'deliver-mass-notification-batch', eventId: page.path },
    async (tx) => {
      const links = issueReplyLinks(tx, db, deps.consoleUrl, alert.id, linked, now);
      const textsOf = (p: (typeof people)[number]) => texts(p.language, links.get(p.recipientId));
      if (slots) for (const p of people) tx.create(slots.doc(p.recipientId), replySlot(p));
      for (const p of mailable)
        queueMail(tx, mailRef(p.id), {
          to: p.email,
          subject: textsOf(p).email.subject,
          text: textsOf(p).email.text,
        });
      for (const p of textable)
        queueSms(tx, smsRef(p.id), { to: String(p.phone), text: textsOf(p).sms.text });
      startPage(
        tx,
        page,
        {
          mail: channels.has('email') ? mailable.map((p) => mailRef(p.id)) : null,
          sms: channels.has('sms') ? textable.map((p) => smsRef(p.id)) : null,
        },
        people.length,
      );
    },
  );

  // Nobody here has the app: push and in-app are skipped for all, and that part closes at once.
  const n = people.length;
  // Only this part's channels: the mail and SMS part writes its own, maybe first.
  const { push, inApp } = emptyReceipts();
  const receipts = { push, inApp };
  for (const channel of ['push', 'inApp'] as const)
    if (channels.has(channel)) receipts[channel] = { targeted: n, sent: 0, failed: 0, skipped: n };
  return closePagePart(
    page,
    'push-and-in-app',
    receipts,
    {},
    {
      languages: languageCounts(people.map((p) => p.language)),
    },
  );
}
