import { callable } from '../platform/callable';
import { saveCleryCalendar as work } from '../services/clery';
import { db } from '../platform/firebase';

/** Admins save the holidays the crime log's due dates skip. */
export const saveCleryCalendar = callable('saveCleryCalendar', (input, caller) =>
  work(db(), input, caller),
);
