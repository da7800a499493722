import { programmeTimeZone } from '../services/settings';
import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { verifiedPhonesOf } from '../platform/verified-phones';
import { countMassNotificationAudience as work } from '../services/mass-notifications/audience-count';

/** The send step's confirmation: how many people the audience holds now, per channel. */
export const countMassNotificationAudience = callable(
  'countMassNotificationAudience',
  async (input, caller) =>
    work(
      { db: db(), phonesOf: verifiedPhonesOf },
      input.audience,
      caller,
      await programmeTimeZone(db(), { fresh: true }),
    ),
);
