import { COLLECTIONS } from '@campus-safety/model';
import { auth, db } from './firebase';

/** Firebase Auth's lookup takes at most this many uids per call. */
const LOOKUP_PAGE = 100;

/**
 * The phone each account proved, by uid: its phone for alerts (`alert_phones/{uid}`, proved by a
 * code, services/alert-phones.ts), else the SMS second factor enrolled in Firebase Auth (the
 * users doc's contact number is self-typed and proves nothing). Accounts whose email Auth does
 * not hold as verified are left out.
 */
export async function verifiedPhonesOf(uids: string[]): Promise<Map<string, string>> {
  const phones = new Map<string, string>();
  for (let i = 0; i < uids.length; i += LOOKUP_PAGE) {
    const page = uids.slice(i, i + LOOKUP_PAGE);
    const [{ users }, alertPhones] = await Promise.all([
      auth().getUsers(page.map((uid) => ({ uid }))),
      db().getAll(...page.map((uid) => db().collection(COLLECTIONS.alertPhones).doc(uid))),
    ]);
    const proved = new Map(alertPhones.map((snap) => [snap.id, snap.get('phone') as unknown]));
    for (const user of users) {
      if (!user.emailVerified) continue;
      const alertPhone = proved.get(user.uid);
      const factor = user.multiFactor?.enrolledFactors.find((f) => f.factorId === 'phone') as
        { phoneNumber?: string } | undefined;
      const phone = typeof alertPhone === 'string' ? alertPhone : factor?.phoneNumber;
      if (phone) phones.set(user.uid, phone);
    }
  }
  return phones;
}

/** The proved phone of one account, or null (a page's SMS). */
export async function verifiedPhoneOf(uid: string): Promise<string | null> {
  return (await verifiedPhonesOf([uid])).get(uid) ?? null;
}
