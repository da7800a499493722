import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import {
  COLLECTIONS,
  MASS_NOTIFICATION_BATCHES,
  MASS_NOTIFICATION_MESSAGES,
} from '@campus-safety/model';
import { MAX_INSTANCES, PAGE_CONCURRENCY } from '../options';
import { recordingFailures } from '../platform/trigger-failures';
import { defaultMassNotificationDeps } from '../services/mass-notifications/deps';
import { sendPageMessages } from '../services/mass-notifications/drain';

/** A page of an alert queued its mail and SMS: send them, each once, beside the page's push. */
export const sendMassNotificationMessages = onDocumentCreated(
  {
    document: `${COLLECTIONS.massNotifications}/{alertId}/${MASS_NOTIFICATION_BATCHES}/{batchId}/${MASS_NOTIFICATION_MESSAGES}/{messagesId}`,
    retry: true,
    timeoutSeconds: 300,
    maxInstances: MAX_INSTANCES.alertMessages,
    concurrency: PAGE_CONCURRENCY,
  },
  recordingFailures('sendMassNotificationMessages', async (event) => {
    if (!event.data) return;
    const page = event.data.ref.parent.parent;
    if (page) await sendPageMessages(await defaultMassNotificationDeps(), page);
  }),
);
