import { timeZone } from '../options';
import { callable } from '../platform/callable';
import { defaultMassNotificationDeps } from '../services/mass-notifications/deps';
import { sendMassNotificationTest as work } from '../services/mass-notifications/test-to-self';

/** "Send a test to myself": the alert's texts to the caller only, marked test, not recorded. */
export const sendMassNotificationTest = callable('sendMassNotificationTest', (input, caller) =>
  work(defaultMassNotificationDeps(), input, caller, timeZone()),
);
