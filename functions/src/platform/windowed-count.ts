import { Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { fail } from './errors';
import { millisOf } from './timestamps';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** A count of actions in a fixed window opened by the window's first action. */
export interface WindowCount {
  windowStart: Timestamp;
  inWindow: number;
}

/**
 * The window the action at `at` falls in and its count with it: the stored window while it is
 * open (`windowMs` from its first action), otherwise a new one opened by this action.
 */
export function nextWindowCount(previous: unknown, at: Date, windowMs: number): WindowCount {
  const stored = previous as { windowStart?: unknown; inWindow?: unknown } | undefined;
  const start = millisOf(stored?.windowStart);
  const count = typeof stored?.inWindow === 'number' ? stored.inWindow : 0;
  return start !== null && at.getTime() < start + windowMs
    ? { windowStart: stored!.windowStart as Timestamp, inWindow: count + 1 }
    : { windowStart: Timestamp.fromDate(at), inWindow: 1 };
}

/**
 * In the transaction that does the action it limits: counts one action into `field` of `ref` and
 * returns the window, or, once the window holds `limit` already, writes nothing and returns when
 * it closes (the next action is taken then).
 * Transactions on one document run one after another, so calls side by side cannot pass the
 * limit. Reads `ref`: call it before the transaction's writes.
 */
export async function tryCountInWindow(
  tx: Transaction,
  ref: DocumentReference,
  field: string,
  bound: { limit: number; windowMs: number; at: Date },
): Promise<WindowCount | { fullUntil: Date }> {
  const next = nextWindowCount((await tx.get(ref)).get(field), bound.at, bound.windowMs);
  if (next.inWindow > bound.limit)
    return { fullUntil: new Date(next.windowStart.toMillis() + bound.windowMs) };
  tx.set(ref, { [field]: next }, { merge: true });
  return next;
}

/**
 * tryCountInWindow for a caller's action: past the limit, refuses with resource-exhausted and
 * `refusal(until)`, `until` being when the window closes and the next one is taken.
 */
export async function countInWindow(
  tx: Transaction,
  ref: DocumentReference,
  field: string,
  bound: { limit: number; windowMs: number; at: Date; refusal: (until: Date) => string },
): Promise<WindowCount> {
  const counted = await tryCountInWindow(tx, ref, field, bound);
  if ('fullUntil' in counted) fail('resource-exhausted', bound.refusal(counted.fullUntil));
  return counted;
}
