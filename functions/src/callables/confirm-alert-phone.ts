import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { confirmAlertPhone as work } from '../services/alert-phones';

/** The person types the code back: the number becomes their phone for alerts. */
export const confirmAlertPhone = callable('confirmAlertPhone', (input, caller) =>
  work(db(), input, caller),
);
