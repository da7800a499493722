/**
 * One-use reply links (docs/mass-notifications.md#reply-links): a random token per person and
 * alert, created in the delivery's transaction with the mail and SMS that carry it (a retried
 * page queues nothing again, so it makes no second link), stored only as its SHA-256.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { COLLECTIONS, REPLY_LINK_LIMITS, replyLink } from '@campus-safety/model';
import { millisOf } from '../../platform/timestamps';
import { HOUR_MS } from '../../platform/windowed-count';

const TOKEN = new RegExp(`^[A-Za-z0-9_-]{${REPLY_LINK_LIMITS.tokenLength}}$`);

export function replyLinks(db: Firestore) {
  return db.collection(COLLECTIONS.replyLinks);
}

/** The link doc of `token`, or null for text that is no token (nothing is read for it). */
export function replyLinkRef(db: Firestore, token: unknown): DocumentReference | null {
  if (typeof token !== 'string' || !TOKEN.test(token)) return null;
  return replyLinks(db).doc(createHash('sha256').update(token).digest('hex'));
}

/** Creates `recipientId`'s link to `alertId` in `tx` and gives back its token (kept nowhere). */
export function issueReplyLink(
  tx: Transaction,
  db: Firestore,
  link: { alertId: string; recipientId: string },
  now: Date,
): string {
  const token = randomBytes(REPLY_LINK_LIMITS.tokenBytes).toString('base64url');
  tx.create(replyLinkRef(db, token)!, {
    ...link,
    createdAt: Timestamp.fromDate(now),
    expiresAt: Timestamp.fromMillis(now.getTime() + REPLY_LINK_LIMITS.windowHours * HOUR_MS),
    usedAt: null,
  });
  return token;
}

/** A link still usable at `now`: it exists, was never used and has not expired. */
export function linkUsable(link: DocumentSnapshot | null, now: Date): boolean {
  if (!link?.exists || link.get('usedAt') !== null) return false;
  const expires = millisOf(link.get('expiresAt'));
  return expires !== null && now.getTime() < expires;
}

/**
 * In the delivery's transaction: a link for each of `recipientIds` (the people its mail or SMS
 * reach) to `alertId`, as the address their messages carry; none when the alert asks nothing.
 */
export function issueReplyLinks(
  tx: Transaction,
  db: Firestore,
  consoleUrl: string,
  alertId: string,
  recipientIds: Iterable<string>,
  now: Date,
): Map<string, string> {
  const links = new Map<string, string>();
  for (const recipientId of recipientIds)
    links.set(
      recipientId,
      replyLink(consoleUrl, issueReplyLink(tx, db, { alertId, recipientId }, now)),
    );
  return links;
}
