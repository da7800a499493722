import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { defaultSender } from '../push/default-sender';
import { db } from '../platform/firebase';
import { recordingFailures } from '../platform/trigger-failures';
import { deliverMessage } from '../services/conversation';

/** A message was added to an emergency's chat: take it to the other side (services/conversation.ts). */
export const deliverEmergencyMessage = onDocumentCreated(
  {
    document: `${COLLECTIONS.emergencies}/{emergencyId}/${COLLECTIONS.messages}/{messageId}`,
    retry: true,
  },
  recordingFailures('deliverEmergencyMessage', async (event) => {
    const message = event.data?.data();
    if (!message) return;
    await deliverMessage(
      { db: db(), push: defaultSender() },
      {
        eventId: event.id,
        kind: 'emergency',
        parentId: event.params.emergencyId,
        messageId: event.params.messageId,
        message,
      },
    );
  }),
);
