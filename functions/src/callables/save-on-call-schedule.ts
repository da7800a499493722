import { callable } from '../platform/callable';
import { accountEmailVerified, db } from '../platform/firebase';
import { timeZone } from '../options';
import { saveOnCallSchedule as work } from '../services/on-call';

/** An Admin, or the campus's IMT, saves the campus's rotation, overrides and automatic assignment. */
export const saveOnCallSchedule = callable('saveOnCallSchedule', (input, caller) =>
  work(
    { db: db(), emailVerified: accountEmailVerified, timeZone: timeZone(), now: () => new Date() },
    input,
    caller,
  ),
);
