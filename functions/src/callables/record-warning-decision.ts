import { callable } from '../platform/callable';
import { recordWarningDecision as work } from '../services/clery';
import { db } from '../platform/firebase';
import { programmeTimeZone } from '../services/settings';

/** Admins record that an incident needs no Timely Warning, and why (or revise the decision). */
export const recordWarningDecision = callable('recordWarningDecision', async (input, caller) =>
  work(db(), input, caller, await programmeTimeZone(db(), { fresh: true })),
);
