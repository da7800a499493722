import { callable } from '../platform/callable';
import { recordWarningDecision as work } from '../services/clery';
import { db } from '../platform/firebase';
import { timeZone } from '../options';

/** Admins record that an incident needs no Timely Warning, and why (or revise the decision). */
export const recordWarningDecision = callable('recordWarningDecision', (input, caller) =>
  work(db(), input, caller, timeZone()),
);
