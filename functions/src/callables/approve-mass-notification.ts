import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { approveMassNotification as work } from '../services/mass-notifications/send';

/** A second Admin, not the author, approves a campus-wide Emergency Notification. */
export const approveMassNotification = callable('approveMassNotification', (input, caller) =>
  work(db(), input.id, caller, new Date()),
);
