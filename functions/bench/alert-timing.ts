/**
 * One alert as the benches send it (bench:alerts, bench:roster): an Emergency Notification to
 * everyone of a campus on every channel, sent by an Admin through the callable and timed until its
 * plan is written and until every page is delivered.
 */
import {
  COLLECTIONS,
  MASS_NOTIFICATION_BATCHES,
  type SendMassNotificationResponse,
} from '@campus-safety/model';
import { waitFor } from '@campus-safety/testkit/wait';
import { db, type SignedIn } from '../test/integration/stack';

export async function sendAndTimeAlert(admin: SignedIn, title: string, campus: string) {
  const start = Date.now();
  const sent = await admin.call<SendMassNotificationResponse>('sendMassNotification', {
    kind: 'emergency',
    title,
    body: 'Shelter in place. This is a benchmark.',
    audience: { allCampuses: false, campuses: [campus], staffOnly: false },
    channels: ['push', 'inApp', 'email', 'sms'],
  });
  const alertRef = db.collection(COLLECTIONS.massNotifications).doc(sent.id);
  const plan = (await waitFor(
    async () =>
      (await alertRef.get()).get('plan') as { batches: number; people: number } | undefined,
    (p) => p !== undefined,
    { timeoutMs: 30 * 60_000, intervalMs: 500, what: 'the plan' },
  ))!;
  const plannedMs = Date.now() - start;
  const pages = await waitFor(
    async () => (await alertRef.collection(MASS_NOTIFICATION_BATCHES).get()).docs,
    (docs) => docs.length === plan.batches && docs.every((d) => d.get('state') === 'delivered'),
    { timeoutMs: 60 * 60_000, intervalMs: 1000, what: 'every page delivered' },
  );
  return { plan, pages, plannedMs, deliveredMs: Date.now() - start };
}
