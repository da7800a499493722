import { callable } from '../services/callable';
import { withholdCrimeLogEntry as work } from '../services/clery';
import { db } from '../services/firebase';

/** Admins withhold a crime log entry for a reason, or release it. */
export const withholdCrimeLogEntry = callable('withholdCrimeLogEntry', (input, caller) =>
  work(db(), input, caller),
);
