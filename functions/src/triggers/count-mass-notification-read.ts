import { onDocumentUpdated } from 'firebase-functions/v2/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { db } from '../platform/firebase';
import { recordingFailures } from '../platform/trigger-failures';
import { countMassNotificationRead as work } from '../services/mass-notifications/reads';

/** A person opened an alert's in-app notification: the alert's read receipt counts them once. */
export const countMassNotificationRead = onDocumentUpdated(
  {
    document: `${COLLECTIONS.users}/{uid}/${COLLECTIONS.notifications}/{notificationId}`,
    retry: true,
  },
  recordingFailures('countMassNotificationRead', async (event) => {
    const before = event.data?.before.data();
    const after = event.data?.after.data();
    if (!before || !after) return;
    await work(db(), { uid: event.params.uid, before, after });
  }),
);
