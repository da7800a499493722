import { callable } from '../platform/callable';
import { withholdCrimeLogEntry as work } from '../services/clery';
import { db } from '../platform/firebase';

/** Admins withhold a crime log entry for a reason, or release it. */
export const withholdCrimeLogEntry = callable('withholdCrimeLogEntry', (input, caller) =>
  work(db(), input, caller),
);
