import { currentInstitution } from '../services/settings';
import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { sendMassNotification as work } from '../services/mass-notifications/send';

/** An Admin (anywhere) or an IMT (their campus) sends, schedules or submits an alert for approval. */
export const sendMassNotification = callable('sendMassNotification', async (input, caller) =>
  work(db(), input, caller, await currentInstitution(db(), { fresh: true })),
);
