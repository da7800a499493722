import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { defaultSender } from '../push/default-sender';
import { db } from '../platform/firebase';
import { recordingFailures } from '../platform/trigger-failures';
import { deliverMessage } from '../services/conversation';

/** A message was added to an incident's conversation: take it to the other side (services/conversation.ts). */
export const deliverIncidentMessage = onDocumentCreated(
  {
    document: `${COLLECTIONS.incidentReports}/{incidentId}/${COLLECTIONS.messages}/{messageId}`,
    retry: true,
  },
  recordingFailures('deliverIncidentMessage', async (event) => {
    const message = event.data?.data();
    if (!message) return;
    await deliverMessage(
      { db: db(), push: defaultSender() },
      {
        eventId: event.id,
        kind: 'incident',
        parentId: event.params.incidentId,
        messageId: event.params.messageId,
        message,
      },
    );
  }),
);
