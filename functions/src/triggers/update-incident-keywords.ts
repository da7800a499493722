import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { refreshIncidentKeywords } from '../services/incident-keywords';
import { recordingFailures } from '../platform/trigger-failures';

/** A report created or edited: its `keywords` follow its searched fields (the console's search). */
export const updateIncidentKeywords = onDocumentWritten(
  { document: `${COLLECTIONS.incidentReports}/{incidentId}`, retry: true },
  recordingFailures('updateIncidentKeywords', async (event) => {
    const written = event.data?.after;
    if (written?.exists) await refreshIncidentKeywords(written);
  }),
);
