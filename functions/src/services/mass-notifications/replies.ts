/**
 * "Are you safe?" replies (docs/mass-notifications.md#replies): each person an asking alert
 * reached has a reply slot, created with their delivery; an answer fills it and moves the tally
 * on a shard in the same transaction, so each person counts once whatever they do.
 */
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Firestore,
} from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  MASS_NOTIFICATION_REPLIES,
  MASS_NOTIFICATION_REPLY_SHARDS,
  REPLY_LIMITS,
  freshLocationSince,
  replyChoiceField,
  type ReplyChoice,
  type ReplyToMassNotificationResponse,
  type ReplyVia,
} from '@campus-safety/model';
import { fail } from '../../platform/errors';
import { millisOf } from '../../platform/timestamps';
import { alerts } from './refs';
import { shardOf } from './reads';
import { linkUsable } from './reply-links';

export function repliesOf(db: Firestore, alertId: string) {
  return alerts(db).doc(alertId).collection(MASS_NOTIFICATION_REPLIES);
}

/**
 * A person's unanswered reply slot, written with their delivery (name and campus for staff): an
 * account's by uid, a contact-only roster person's by `rosterRecipientId`.
 */
export function replySlot(person: { name: string; campus: unknown }) {
  return {
    name: person.name || 'Unnamed',
    campus: typeof person.campus === 'string' ? person.campus : null,
    answered: false,
    choice: null,
    label: null,
    needsHelp: false,
    firstAnsweredAt: null,
    answeredAt: null,
    changes: 0,
    via: null,
    location: null,
  };
}

/** The same answer for a missing alert, one that asks nothing and one that did not reach you. */
const NOT_YOURS = 'This alert does not exist, asks for no answer, or did not reach you.';
/** The same answer for a reply link used, expired, unknown or not this alert's. */
export const LINK_GONE = 'This link has been used or has expired.';

/**
 * Records `recipientId`'s answer to an alert (or to the follow-up that asked again: its answers
 * go to the alert it follows up). Only a person the alert reached has a slot; a later answer
 * replaces the earlier (the first time kept), at most REPLY_LIMITS.changes times; the same answer
 * again changes nothing. "I need help" copies the person's fresh shared location, if any, for the
 * staff who read the alert. With `link` (a reply link's doc), only while that link is usable and
 * is this person's for this alert; it is marked used with the answer, in the same transaction.
 */
export async function recordReply(
  db: Firestore,
  reply: {
    alertId: string;
    recipientId: string;
    choice: number;
    via: ReplyVia;
    link?: DocumentReference;
  },
  now: Date = new Date(),
): Promise<ReplyToMassNotificationResponse> {
  const asked = (await alerts(db).doc(reply.alertId).get()).data();
  const targetId = typeof asked?.repliesFor === 'string' ? asked.repliesFor : reply.alertId;
  const alertRef = alerts(db).doc(targetId);
  const slotRef = repliesOf(db, targetId).doc(reply.recipientId);
  const locationRef = db.collection(COLLECTIONS.lastLocations).doc(reply.recipientId);
  const noticeRef = db
    .collection(COLLECTIONS.users)
    .doc(reply.recipientId)
    .collection(COLLECTIONS.notifications)
    .doc(`mass-${reply.alertId}`);
  return db.runTransaction(async (tx) => {
    const [alert, slot, link] = await Promise.all([
      tx.get(alertRef),
      tx.get(slotRef),
      reply.link ? tx.get(reply.link) : null,
    ]);
    if (
      reply.link &&
      !(
        linkUsable(link, now) &&
        link!.get('alertId') === reply.alertId &&
        link!.get('recipientId') === reply.recipientId
      )
    )
      fail('not-found', LINK_GONE);
    const choices = alert.get('reply.choices') as ReplyChoice[] | undefined;
    if (!asked || !choices || !slot.exists) fail('not-found', NOT_YOURS);
    const chosen = choices[reply.choice];
    if (!chosen) fail('invalid-argument', `Choose one of the ${choices.length} answers.`);
    const before = slot.data()!;
    const answeredAt = Timestamp.fromDate(now);
    // Reads come before writes in a transaction: the link is marked on each way out below.
    const useLink = () => {
      if (reply.link) tx.update(reply.link, { usedAt: answeredAt });
    };
    if (before.answered === true && before.choice === reply.choice) {
      useLink();
      return { label: chosen.label, changed: false };
    }
    if (Number(before.changes) >= REPLY_LIMITS.changes)
      fail(
        'resource-exhausted',
        `You changed your answer ${REPLY_LIMITS.changes} times; it stays "${String(before.label)}".`,
      );
    const [location, notice] = await Promise.all([
      chosen.needsHelp ? tx.get(locationRef) : null,
      tx.get(noticeRef),
    ]);
    const at = millisOf(location?.get('at'));
    const fresh = location?.exists && at !== null && at >= freshLocationSince(now).getTime();
    useLink();
    tx.update(slotRef, {
      answered: true,
      choice: reply.choice,
      label: chosen.label,
      needsHelp: chosen.needsHelp,
      firstAnsweredAt: before.firstAnsweredAt ?? answeredAt,
      answeredAt,
      changes: before.answered === true ? Number(before.changes) + 1 : 0,
      via: reply.via,
      location: fresh
        ? {
            latitude: location.get('latitude'),
            longitude: location.get('longitude'),
            at: location.get('at'),
          }
        : null,
    });
    const shard = alertRef
      .collection(MASS_NOTIFICATION_REPLY_SHARDS)
      .doc(shardOf(reply.recipientId, REPLY_LIMITS.shards));
    tx.set(
      shard,
      before.answered === true
        ? {
            [replyChoiceField(Number(before.choice))]: FieldValue.increment(-1),
            [replyChoiceField(reply.choice)]: FieldValue.increment(1),
          }
        : {
            replied: FieldValue.increment(1),
            [replyChoiceField(reply.choice)]: FieldValue.increment(1),
          },
      { merge: true },
    );
    // The app shows the person their answer on the alert's notification.
    if (notice.exists) tx.update(noticeRef, { replied: { choice: reply.choice, at: answeredAt } });
    return { label: chosen.label, changed: true };
  });
}
