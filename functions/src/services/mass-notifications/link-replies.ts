/**
 * Answering by reply link or by SMS (docs/mass-notifications.md#reply-links): the person and
 * alert are the link's, never the request's, and the answer is recorded as any other
 * (replies.ts: one slot, one count per person).
 */
import { HttpsError } from 'firebase-functions/v2/https';
import type { Firestore } from 'firebase-admin/firestore';
import type { ReplyChoice } from '@campus-safety/model';
import { alerts } from './refs';
import { recordReply } from './replies';
import { linkUsable, replyLinkRef } from './reply-links';

/** The title of `alertId` and the choices it asks (a follow-up asks its alert's), or null. */
export async function questionOf(
  db: Firestore,
  alertId: string,
): Promise<{ title: string; choices: ReplyChoice[] } | null> {
  const alert = (await alerts(db).doc(alertId).get()).data();
  if (!alert) return null;
  const target =
    typeof alert.repliesFor === 'string'
      ? (await alerts(db).doc(alert.repliesFor).get()).data()
      : alert;
  const choices = target?.reply?.choices as ReplyChoice[] | undefined;
  return choices ? { title: String(alert.title), choices } : null;
}

/** The usable link of `token` (its alert and person), or null: unknown, used or expired. */
async function usableLink(db: Firestore, token: unknown, now: Date) {
  const ref = replyLinkRef(db, token);
  const link = ref ? await ref.get() : null;
  if (!ref || !link || !linkUsable(link, now)) return null;
  return {
    ref,
    alertId: String(link.get('alertId')),
    recipientId: String(link.get('recipientId')),
  };
}

/** What a usable link asks; null for any link that cannot answer (one page for all of them). */
export async function replyLinkQuestion(db: Firestore, token: unknown, now: Date = new Date()) {
  const link = await usableLink(db, token, now);
  return link ? questionOf(db, link.alertId) : null;
}

/**
 * Answers `choice` by link, marking it used with the answer in recordReply's transaction (a
 * second use, even at the same moment, finds it used). Null when the link cannot answer; a
 * choice the alert does not offer is refused by recordReply (invalid-argument).
 */
export async function answerByLink(
  db: Firestore,
  token: unknown,
  choice: number,
  now: Date = new Date(),
): Promise<{ label: string; needsHelp: boolean } | null> {
  const link = await usableLink(db, token, now);
  const question = link ? await questionOf(db, link.alertId) : null;
  if (!link || !question) return null;
  try {
    const { label } = await recordReply(
      db,
      { alertId: link.alertId, recipientId: link.recipientId, choice, via: 'link', link: link.ref },
      now,
    );
    return { label, needsHelp: question.choices[choice]?.needsHelp === true };
  } catch (error) {
    if (error instanceof HttpsError && error.code === 'not-found') return null;
    throw error;
  }
}
