import { callable } from '../platform/callable';
import { accountEmailVerified, db } from '../platform/firebase';
import { programmeTimeZone } from '../services/settings';
import { saveOnCallSchedule as work } from '../services/on-call';

/** An Admin, or the campus's IMT, saves the campus's rotation, overrides and automatic assignment. */
export const saveOnCallSchedule = callable('saveOnCallSchedule', async (input, caller) =>
  work(
    {
      db: db(),
      emailVerified: accountEmailVerified,
      timeZone: await programmeTimeZone(db(), { fresh: true }),
      now: () => new Date(),
    },
    input,
    caller,
  ),
);
