import { timeZone } from '../options';
import { callable } from '../platform/callable';
import { defaultMassNotificationDeps } from '../services/mass-notification-deps';
import { sendMassNotificationTest as work } from '../services/mass-notifications';

/** "Send a test to myself": the alert's texts to the caller only, marked test, not recorded. */
export const sendMassNotificationTest = callable('sendMassNotificationTest', (input, caller) =>
  work(defaultMassNotificationDeps(), input, caller, timeZone()),
);
