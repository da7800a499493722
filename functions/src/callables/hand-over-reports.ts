import { callable } from '../platform/callable';
import { accountEmailVerified, db } from '../platform/firebase';
import { defaultSender } from '../push/default-sender';
import { programmeTimeZone } from '../services/settings';
import { handOverReports as work } from '../services/handover';

/** A staff member hands their reports in progress to the next person on call, with a note. */
export const handOverReports = callable('handOverReports', async (input, caller) =>
  work(
    {
      db: db(),
      push: defaultSender(),
      emailVerified: accountEmailVerified,
      timeZone: await programmeTimeZone(db(), { fresh: true }),
      now: () => new Date(),
    },
    input,
    caller,
  ),
);
