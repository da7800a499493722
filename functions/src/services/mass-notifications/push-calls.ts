/**
 * A page's push calls: cut to what FCM takes in one call, queued with the page, each sent once
 * (an outbox).
 */
import { FieldValue, Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import type { PushSender } from '../../push/sender';

/** A queued push call of a page: `pending` until a run claims it (`sending`), `sent` after. */
export type PushCallState = 'pending' | 'sending' | 'sent';

/** How long a run's claim on a push call holds: a run that died mid-send is retried after it. */
export const PUSH_CALL_LEASE_MS = 60_000;

export function pushCallId(index: number): string {
  return `c${String(index).padStart(2, '0')}`;
}

/** Thrown while another run holds a push call's claim: the platform retries the page later. */
export class PushCallBusyError extends Error {}

/**
 * The push calls of a page (tokenCalls' cut): each call's people, in order, with how many of its
 * tokens each holds (a person's devices are a run of the call's tokens).
 */
export function pushCallsOf(uids: string[], tokensByUid: Map<string, string[]>) {
  const calls: { uids: string[]; tokenCounts: number[]; tokens: string[] }[] = [];
  let next = 0;
  for (const tokens of tokenCalls(uids.map((uid) => tokensByUid.get(uid)!))) {
    const call = { uids: [] as string[], tokenCounts: [] as number[], tokens };
    for (let counted = 0; counted < tokens.length;) {
      const uid = uids[next++]!;
      const held = tokensByUid.get(uid)!.length;
      call.uids.push(uid);
      call.tokenCounts.push(held);
      counted += held;
    }
    calls.push(call);
  }
  return calls;
}

/** The people of a push call whose every device refused it (one device taking it is a person sent). */
export function refusedEverywhere(
  call: { uids: string[]; tokens: string[]; tokenCounts: number[] },
  failed: ReadonlySet<string>,
): string[] {
  const refused: string[] = [];
  let at = 0;
  call.uids.forEach((uid, i) => {
    const own = call.tokens.slice(at, at + call.tokenCounts[i]!);
    at += call.tokenCounts[i]!;
    if (own.every((t) => failed.has(t))) refused.push(uid);
  });
  return refused;
}

/**
 * Sends one queued push call once (the outbox pattern of platform/mail.ts): a transaction claims
 * it (`sending`, for PUSH_CALL_LEASE_MS), the push goes, then `sent` with the people whose every
 * device refused it. A call already sent is only read back; a send that throws releases the claim
 * and rethrows, so the retry sends it. Its push_messages record id is fixed, so the one case
 * left, a run dying between the send and `sent`, rewrites its record after the lease.
 */
export async function deliverPushCall(
  ref: DocumentReference,
  send: (tokens: string[]) => ReturnType<PushSender['send']>,
  now: () => number = Date.now,
): Promise<{ uids: string[]; failedUids: string[] }> {
  const claimed = await ref.firestore.runTransaction(async (tx) => {
    const data = (await tx.get(ref)).data()!;
    if (data.state === 'sent') return { data, send: false };
    const claimedAt = data.claimedAt as unknown;
    if (
      data.state === 'sending' &&
      claimedAt instanceof Timestamp &&
      now() - claimedAt.toMillis() < PUSH_CALL_LEASE_MS
    )
      throw new PushCallBusyError(`Push ${ref.path} is being sent by another run`);
    tx.update(ref, { state: 'sending', claimedAt: Timestamp.fromMillis(now()) });
    return { data, send: true };
  });
  const uids = claimed.data.uids as string[];
  if (!claimed.send) return { uids, failedUids: claimed.data.failedUids as string[] };
  const tokens = claimed.data.tokens as string[];
  let failed: Set<string>;
  try {
    failed = new Set((await send(tokens)).failedTokens);
  } catch (error) {
    await ref.update({ state: 'pending' satisfies PushCallState, claimedAt: FieldValue.delete() });
    throw error;
  }
  const failedUids = refusedEverywhere(
    { uids, tokens, tokenCounts: claimed.data.tokenCounts as number[] },
    failed,
  );
  await ref.update({
    state: 'sent' satisfies PushCallState,
    failedUids,
    sentAt: FieldValue.serverTimestamp(),
  });
  return { uids, failedUids };
}

/** FCM takes at most this many tokens in one multicast call. */
const FCM_TOKENS_PER_CALL = 500;

/** The tokens of a page's people, cut into calls FCM accepts (a person's devices stay together). */
export function tokenCalls(tokensPerPerson: string[][]): string[][] {
  const calls: string[][] = [];
  let current: string[] = [];
  for (const tokens of tokensPerPerson) {
    if (current.length + tokens.length > FCM_TOKENS_PER_CALL) {
      calls.push(current);
      current = [];
    }
    current.push(...tokens);
  }
  if (current.length > 0) calls.push(current);
  return calls;
}
