import { programmeTimeZone } from '../services/settings';
import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { defaultMassNotificationDeps } from '../services/mass-notifications/deps';
import { sendMassNotificationTest as work } from '../services/mass-notifications/test-to-self';

/** "Send a test to myself": the alert's texts to the caller only, marked test, not recorded. */
export const sendMassNotificationTest = callable(
  'sendMassNotificationTest',
  async (input, caller) =>
    work(
      await defaultMassNotificationDeps(),
      input,
      caller,
      await programmeTimeZone(db(), { fresh: true }),
    ),
);
