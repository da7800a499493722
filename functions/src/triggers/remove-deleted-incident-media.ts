import { onDocumentDeleted } from 'firebase-functions/v2/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { bucket, db } from '../platform/firebase';
import { recordingFailures } from '../platform/trigger-failures';
import { removeIncidentMedia } from '../services/incident-media';

/**
 * An incident was deleted: its photos, video and audio go with it unless it is under legal hold
 * (services/incident-media.ts).
 */
export const removeDeletedIncidentMedia = onDocumentDeleted(
  { document: `${COLLECTIONS.incidentReports}/{incidentId}`, retry: true },
  recordingFailures('removeDeletedIncidentMedia', async (event) => {
    await removeIncidentMedia({ db: db(), bucket: bucket() }, event.params.incidentId);
  }),
);
