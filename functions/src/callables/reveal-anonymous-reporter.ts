import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { revealAnonymousReporter as work } from '../services/anonymity';

/** An Admin learns who filed an anonymous report; the reason goes on its timeline. */
export const revealAnonymousReporter = callable('revealAnonymousReporter', (input, caller) =>
  work(db(), input, caller),
);
