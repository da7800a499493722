import { callable } from '../platform/callable';
import { recordFire as work } from '../services/clery';
import { db } from '../platform/firebase';
import { timeZone } from '../options';

/** Admins log a fire in on-campus student housing, or revise the entry. */
export const recordFire = callable('recordFire', (input, caller) =>
  work(db(), input, caller, timeZone()),
);
