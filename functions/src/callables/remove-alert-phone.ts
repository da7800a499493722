import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { removeAlertPhone as work } from '../services/alert-phones';

/** The person stops alerts by SMS: their proved number is forgotten. */
export const removeAlertPhone = callable('removeAlertPhone', (_input, caller) =>
  work(db(), caller),
);
