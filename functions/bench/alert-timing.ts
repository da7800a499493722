/**
 * One alert as the benches send it (bench:alerts, bench:roster): an Emergency Notification to
 * everyone of a campus on every channel, sent by an Admin through the callable and timed until its
 * plan is written and until every page is delivered.
 */
import type { QueryDocumentSnapshot, Timestamp } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  MASS_NOTIFICATION_BATCHES,
  MASS_NOTIFICATION_CHANNELS,
  type MassNotificationChannel,
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
  return { plan, pages, plannedMs, deliveredMs: Date.now() - start, startedAt: start };
}

/**
 * Per channel, from the send: when 90% and when all of the people it was sent to (sent or
 * failed) had been, by each page's finish time of that channel (`sentAt`); null when the
 * channel sent to nobody.
 */
export function channelTimes(
  pages: QueryDocumentSnapshot[],
  startedAt: number,
): Record<MassNotificationChannel, { p90Ms: number; allMs: number; people: number } | null> {
  const times = {} as Record<
    MassNotificationChannel,
    { p90Ms: number; allMs: number; people: number } | null
  >;
  for (const channel of MASS_NOTIFICATION_CHANNELS) {
    const done = pages
      .map((page) => {
        const receipt = page.get(`receipts.${channel}`) as { sent?: number; failed?: number };
        const at = page.get(`sentAt.${channel}`) as Timestamp | undefined;
        return { people: (receipt?.sent ?? 0) + (receipt?.failed ?? 0), at: at?.toMillis() };
      })
      .filter((p): p is { people: number; at: number } => p.people > 0 && p.at !== undefined)
      .sort((a, b) => a.at - b.at);
    const people = done.reduce((sum, p) => sum + p.people, 0);
    if (people === 0) {
      times[channel] = null;
      continue;
    }
    let reached = 0;
    let p90Ms = 0;
    for (const p of done) {
      reached += p.people;
      if (reached >= 0.9 * people) {
        p90Ms = p.at - startedAt;
        break;
      }
    }
    times[channel] = { p90Ms, allMs: done.at(-1)!.at - startedAt, people };
  }
  return times;
}
