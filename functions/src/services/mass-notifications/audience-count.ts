/**
 * The send step's count (docs/mass-notifications.md#confirm): who an audience holds now, found as
 * the plan finds them, and how many of them each channel can reach, before anyone presses Send.
 */
import type { Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  isStaffRole,
  reaches,
  reachesLocated,
  reachesRoster,
  rosterReaches,
  senderRefusal,
  type Audience,
  type AudienceCount,
} from '@campus-safety/model';
import { fail } from '../../platform/errors';
import type { Caller } from '../../platform/caller';
import { deviceTokensOf } from '../user-refs';
import type { MassNotificationDeps } from './deps';
import { activeRoster, audienceAccounts, inIdOrder, locatedUids } from './plan';
import { countSenderAction } from './sender-quota';
import { requireActiveCampuses } from '../campuses';

/** The uids holding a phone proved for alerts (`alert_phones`, only ids read). */
async function alertPhoneHolders(db: Firestore): Promise<Set<string>> {
  const holders = new Set<string>();
  for await (const page of inIdOrder(db.collection(COLLECTIONS.alertPhones).select(), null))
    for (const doc of page.docs) holders.add(doc.id);
  return holders;
}

/**
 * Counts `audience` for `caller` (who must be allowed to send to it), counted into their hourly
 * bound of counts. SMS counts the phones delivery would use: a phone proved for alerts, or for
 * staff the SMS second factor Auth holds (looked up for staff only: reporters enrol none), and a
 * roster person's phone.
 */
export async function countMassNotificationAudience(
  deps: Pick<MassNotificationDeps, 'db' | 'phonesOf'>,
  audience: Audience,
  caller: Caller,
  timeZone: string,
  now: Date = new Date(),
): Promise<AudienceCount> {
  const { db } = deps;
  const refusal = senderRefusal(caller, audience);
  if (refusal) fail('permission-denied', refusal);
  await requireActiveCampuses(db, audience.campuses, 'audience');
  await db.runTransaction((tx) => countSenderAction(tx, db, caller, 'counts', now, timeZone));
  const [located, phoneHolders] = await Promise.all([
    reachesLocated(audience) ? locatedUids(db, audience, now) : new Set<string>(),
    alertPhoneHolders(db),
  ]);
  const count: AudienceCount = {
    people: 0,
    contactOnly: 0,
    channels: { push: 0, inApp: 0, email: 0, sms: 0 },
  };
  const staffWithoutAlertPhone: string[] = [];
  for await (const page of inIdOrder(
    audienceAccounts(db, audience, 'email', 'deviceToken'),
    null,
  )) {
    for (const doc of page.docs) {
      const person = doc.data();
      if (!reaches(audience, person, located.has(doc.id))) continue;
      count.people += 1;
      count.channels.inApp += 1;
      if (typeof person.email === 'string' && person.email) count.channels.email += 1;
      if (deviceTokensOf(person).length > 0) count.channels.push += 1;
      if (phoneHolders.has(doc.id)) count.channels.sms += 1;
      else if (isStaffRole(person.role)) staffWithoutAlertPhone.push(doc.id);
    }
  }
  count.channels.sms += (await deps.phonesOf(staffWithoutAlertPhone)).size;
  if (reachesRoster(audience))
    for await (const page of inIdOrder(activeRoster(db, audience, 'phone'), null)) {
      for (const doc of page.docs) {
        const person = doc.data();
        if (!rosterReaches(audience, person)) continue;
        count.people += 1;
        count.contactOnly += 1;
        count.channels.email += 1;
        if (typeof person.phone === 'string' && person.phone) count.channels.sms += 1;
      }
    }
  return count;
}
