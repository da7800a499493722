import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { db } from '../platform/firebase';
import { recordingFailures } from '../platform/trigger-failures';
import { planMassNotification as work } from '../services/mass-notifications/plan';

/** An alert started sending (now, approved or due): cut its audience into pages to deliver. */
export const planMassNotification = onDocumentWritten(
  { document: `${COLLECTIONS.massNotifications}/{alertId}`, retry: true, timeoutSeconds: 540 },
  recordingFailures('planMassNotification', async (event) => {
    const after = event.data?.after.data();
    if (!after || after.state !== 'sending' || after.plan) return;
    await work(db(), event.params.alertId);
  }),
);
