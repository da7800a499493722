import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { COLLECTIONS, MASS_NOTIFICATION_BATCHES } from '@campus-safety/model';
import { MAX_INSTANCES, PAGE_CONCURRENCY } from '../options';
import { recordingFailures } from '../platform/trigger-failures';
import { defaultMassNotificationDeps } from '../services/mass-notifications/deps';
import { deliverMassNotificationBatch as work } from '../services/mass-notifications/deliver';

/** A page of an alert's audience was planned: deliver it by every chosen channel, once. */
export const deliverMassNotificationBatch = onDocumentCreated(
  {
    document: `${COLLECTIONS.massNotifications}/{alertId}/${MASS_NOTIFICATION_BATCHES}/{batchId}`,
    retry: true,
    timeoutSeconds: 300,
    maxInstances: MAX_INSTANCES.alertPages,
    concurrency: PAGE_CONCURRENCY,
  },
  recordingFailures('deliverMassNotificationBatch', async (event) => {
    if (!event.data) return;
    await work(await defaultMassNotificationDeps(), event.params.alertId, event.data.ref);
  }),
);
