/** How many alerts and tests to oneself a sender may send an hour. */
import { type Firestore, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS, LIMITS, formatInZone } from '@campus-safety/model';
import { HOUR_MS, countInWindow } from '../../platform/windowed-count';
import type { Caller } from '../../platform/caller';

/**
 * Counts one alert (`alerts`) or one test to oneself (`tests`) of `caller` into their hourly
 * window on `sender_quotas/{uid}`, in the transaction that records it (docs/mass-notifications.md
 * "Bounds"), or refuses naming when the next one is taken.
 */
export function countSenderAction(
  tx: Transaction,
  db: Firestore,
  caller: Caller,
  action: 'alerts' | 'tests',
  at: Date,
  timeZone: string,
) {
  const limit =
    action === 'tests'
      ? LIMITS.massNotificationTestsPerSenderPerHour
      : LIMITS.massNotificationsPerSenderPerHour[caller.role === 'Admin' ? 'Admin' : 'IMT'];
  const what = action === 'tests' ? 'tests to yourself' : 'alerts';
  return countInWindow(tx, db.collection(COLLECTIONS.senderQuotas).doc(caller.uid), action, {
    limit,
    windowMs: HOUR_MS,
    at,
    refusal: (until) =>
      `You have sent ${limit} ${what} within an hour, the most allowed. ` +
      `You can send another at ${formatInZone(until, timeZone, 'HH:mm')}.`,
  });
}
