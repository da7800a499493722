/**
 * A page's two parts (model PAGE_PARTS): its push and in-app notices, delivered by the page's own
 * run, and its mail and SMS, sent by a run of their own that the page's transaction starts
 * (`batches/{n}/messages/mail-and-sms`), so the fast channels of every page go out while mail is
 * still being sent. Each part writes its channels' receipts and when it finished (`sentAt`); the
 * page is `delivered` when neither is pending. Used by the people's pages (deliver.ts) and the
 * roster's contact-only pages (contacts.ts).
 */
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  MASS_NOTIFICATION_MESSAGES,
  MASS_NOTIFICATION_MESSAGES_DOC,
  emptyReceipts,
  type ChannelReceipt,
  type MassNotificationChannel,
  type PagePart,
  type Receipts,
} from '@campus-safety/model';
import { deliverMail } from '../../platform/mail';
import { deliverSms } from '../../platform/sms';
import type { MassNotificationDeps } from './deps';

/** Runs `work` over `items` a few at a time (20 at once: the pooled transport's connections). */
async function inChunks<T, R>(items: T[], work: (item: T) => Promise<R>, size = 20) {
  const results: PromiseSettledResult<R>[] = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.allSettled(items.slice(i, i + size).map(work))));
  }
  return results;
}

/**
 * Sends the queued mail of `queued` (of `targeted` people on the page) and counts it; the first
 * failure is given back, so the part is retried with the event and its counts rewritten then.
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

const messagesOf = (page: DocumentReference) =>
  page.collection(MASS_NOTIFICATION_MESSAGES).doc(MASS_NOTIFICATION_MESSAGES_DOC);

/**
 * In the page's first transaction: the page is `written` with both parts pending, or only the
 * push and in-app part when the alert sends neither mail nor SMS; the messages doc lists the
 * outbox ids of its queued mail and SMS (null: that channel is not chosen).
 */
export function startPage(
  tx: Transaction,
  page: DocumentReference,
  queued: { mail: DocumentReference[] | null; sms: DocumentReference[] | null },
  targeted: number,
) {
  const withMessages = queued.mail !== null || queued.sms !== null;
  const pending: PagePart[] = withMessages
    ? ['push-and-in-app', 'mail-and-sms']
    : ['push-and-in-app'];
  tx.update(page, { state: 'written', pending, receipts: emptyReceipts() });
  if (withMessages)
    tx.create(messagesOf(page), {
      mail: queued.mail?.map((ref) => ref.id) ?? null,
      sms: queued.sms?.map((ref) => ref.id) ?? null,
      targeted,
    });
}

/**
 * Closes one part of a page: its channels' receipts and finish times, and `delivered` once the
 * other part is closed too (in a transaction: the two parts may close at the same moment).
 */
export async function closePagePart(
  page: DocumentReference,
  part: PagePart,
  receipts: Partial<Receipts>,
  sentAt: Partial<Record<MassNotificationChannel, Date>>,
  extra: DocumentData = {},
): Promise<'delivered' | 'written'> {
  const fields: DocumentData = { ...extra };
  for (const [channel, receipt] of Object.entries(receipts))
    fields[`receipts.${channel}`] = receipt;
  for (const [channel, at] of Object.entries(sentAt))
    fields[`sentAt.${channel}`] = Timestamp.fromDate(at);
  return page.firestore.runTransaction(async (tx) => {
    const before = (await tx.get(page)).get('pending') as PagePart[] | undefined;
    const pending = (before ?? []).filter((p) => p !== part);
    const done = pending.length === 0;
    tx.update(page, {
      ...fields,
      pending,
      ...(done ? { state: 'delivered', deliveredAt: FieldValue.serverTimestamp() } : {}),
    });
    return done ? 'delivered' : 'written';
  });
}

const idsOf = (value: unknown): string[] | null =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : null;

/**
 * The mail and SMS part of a page: sends what its messages doc lists (each message once, by its
 * outbox) and closes the part. A failed mail leaves the part pending with its counts written and
 * is thrown, so the platform retries the event.
 */
export async function sendPageMessages(
  deps: MassNotificationDeps,
  page: DocumentReference,
): Promise<'delivered' | 'written' | 'none'> {
  const { db } = deps;
  const snap = await messagesOf(page).get();
  if (!snap.exists) return 'none';
  const targeted = Number(snap.get('targeted')) || 0;
  const mail = idsOf(snap.get('mail'));
  const sms = idsOf(snap.get('sms'));
  const receipts: Partial<Receipts> = {};
  const sentAt: Partial<Record<MassNotificationChannel, Date>> = {};
  let mailError: unknown = null;
  if (mail) {
    const queued = mail.map((id) => db.collection(COLLECTIONS.mailMessages).doc(id));
    const drained = await drainMail(deps, queued, targeted);
    receipts.email = drained.receipt;
    sentAt.email = new Date();
    mailError = drained.error;
  }
  if (sms) {
    const queued = sms.map((id) => db.collection(COLLECTIONS.smsMessages).doc(id));
    receipts.sms = await drainSms(deps, queued, targeted);
    sentAt.sms = new Date();
  }
  if (mailError) {
    await page.update({
      'receipts.email': receipts.email,
      ...(receipts.sms ? { 'receipts.sms': receipts.sms } : {}),
    });
    throw mailError;
  }
  return closePagePart(page, 'mail-and-sms', receipts, sentAt);
}
