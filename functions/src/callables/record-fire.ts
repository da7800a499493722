import { callable } from '../platform/callable';
import { recordFire as work } from '../services/clery';
import { db } from '../platform/firebase';
import { programmeTimeZone } from '../services/settings';

/** Admins log a fire in on-campus student housing, or revise the entry. */
export const recordFire = callable('recordFire', async (input, caller) =>
  work(db(), input, caller, await programmeTimeZone(db(), { fresh: true })),
);
