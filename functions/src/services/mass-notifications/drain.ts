/**
 * Draining a page's queued mail and SMS (their outboxes send each once) into the page's
 * receipts: the people's pages (deliver.ts) and the roster's contact-only pages (contacts.ts).
 */
import { FieldValue, type DocumentReference } from 'firebase-admin/firestore';
import type { ChannelReceipt, Language, Receipts } from '@campus-safety/model';
import { deliverMail } from '../../platform/mail';
import { deliverSms } from '../../platform/sms';
import type { MassNotificationDeps } from './deps';

/** Runs `work` over `items` a few at a time (20 at once: a relay takes that many connections). */
async function inChunks<T, R>(items: T[], work: (item: T) => Promise<R>, size = 20) {
  const results: PromiseSettledResult<R>[] = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.allSettled(items.slice(i, i + size).map(work))));
  }
  return results;
}

/**
 * Sends the queued mail of `queued` (of `targeted` people on the page) and counts it; the first
 * failure is given back, so the page is retried with the event and its counts rewritten then.
 */
async function drainMail(
  deps: MassNotificationDeps,
  queued: DocumentReference[],
  targeted: number,
): Promise<{ receipt: ChannelReceipt; error: unknown }> {
  const results = await inChunks(queued, (ref) => deliverMail(ref, deps.mail));
  const receipt = { targeted, sent: 0, failed: 0, skipped: targeted - queued.length };
  let error: unknown = null;
  for (const result of results) {
    if (result.status === 'rejected') {
      receipt.failed += 1;
      error ??= result.reason;
    } else if (result.value === 'sent') receipt.sent += 1;
    else receipt.skipped += 1;
  }
  return { receipt, error };
}

/** Sends the queued SMS of `queued` (of `targeted` people on the page) and counts them. */
async function drainSms(
  deps: MassNotificationDeps,
  queued: DocumentReference[],
  targeted: number,
): Promise<ChannelReceipt> {
  const results = await inChunks(queued, (ref) => deliverSms(ref, deps.sms));
  const receipt = { targeted, sent: 0, failed: 0, skipped: targeted - queued.length };
  for (const result of results) {
    const state = result.status === 'fulfilled' ? result.value : 'failed';
    if (state === 'sent') receipt.sent += 1;
    else if (state === 'failed') receipt.failed += 1;
    else receipt.skipped += 1;
  }
  return receipt;
}

/**
 * Drains the page's queued mail and SMS into `receipts` (of `targeted` people) and writes them:
 * delivered, or still `written` when a mail failed, which is then thrown so the platform retries
 * the page (each message is sent once by its outbox).
 */
export async function drainAndClosePage(
  deps: MassNotificationDeps,
  page: DocumentReference,
  receipts: Receipts,
  queued: { mail: DocumentReference[] | null; sms: DocumentReference[] | null },
  targeted: number,
  /** How many of the page's people got each language's version (the alert page sums them). */
  languages: Partial<Record<Language, number>>,
): Promise<'delivered'> {
  let mailError: unknown = null;
  if (queued.mail) {
    const drained = await drainMail(deps, queued.mail, targeted);
    receipts.email = drained.receipt;
    mailError = drained.error;
  }
  if (queued.sms) receipts.sms = await drainSms(deps, queued.sms, targeted);
  await page.update({
    receipts,
    languages,
    state: mailError ? 'written' : 'delivered',
    deliveredAt: FieldValue.serverTimestamp(),
  });
  if (mailError) throw mailError;
  return 'delivered';
}
