/** How many alerts, tests to oneself and audience counts a sender may ask for an hour. */
import { type Firestore, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS, LIMITS, formatInZone } from '@campus-safety/model';
import { HOUR_MS, countInWindow } from '../../platform/windowed-count';
import type { Caller } from '../../platform/caller';

/**
 * Counts one alert (`alerts`), test to oneself (`tests`) or audience count (`counts`) of `caller` into their hourly
 * window on `sender_quotas/{uid}`, in the transaction that records it (docs/mass-notifications.md
 * "Bounds"), or refuses naming when the next one is taken.
 */
export function countSenderAction(
  tx: Transaction,
  db: Firestore,
  caller: Caller,
  action: 'alerts' | 'tests' | 'counts',
  at: Date,
  timeZone: string,
) {
  const limit = {
    alerts: LIMITS.massNotificationsPerSenderPerHour[caller.role === 'Admin' ? 'Admin' : 'IMT'],
    tests: LIMITS.massNotificationTestsPerSenderPerHour,
    counts: LIMITS.massNotificationAudienceCountsPerSenderPerHour,
  }[action];
  const done = {
    alerts: `sent ${limit} alerts`,
    tests: `sent ${limit} tests to yourself`,
    counts: `counted who an alert reaches ${limit} times`,
  }[action];
  return countInWindow(tx, db.collection(COLLECTIONS.senderQuotas).doc(caller.uid), action, {
    limit,
    windowMs: HOUR_MS,
    at,
    refusal: (until) =>
      `You have ${done} within an hour, the most allowed. ` +
      `You can ${action === 'counts' ? 'count again' : 'send another'} at ${formatInZone(until, timeZone, 'HH:mm')}.`,
  });
}
