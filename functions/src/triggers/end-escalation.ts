import { onDocumentUpdated } from 'firebase-functions/v2/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { db } from '../platform/firebase';
import { recordingFailures } from '../platform/trigger-failures';
import { endEscalationIfOver } from '../services/escalation';
import { commitTime } from './commit-time';

/**
 * A report changed: an open escalation whose condition ended (assigned, acknowledged, responded,
 * closed) ends with it, and its notices stop being new.
 */
export const endEscalation = onDocumentUpdated(
  { document: `${COLLECTIONS.incidentReports}/{incidentId}`, retry: true },
  recordingFailures('endEscalation', async (event) => {
    const after = event.data?.after.data();
    if (!after) return;
    await endEscalationIfOver(
      db(),
      event.params.incidentId,
      after,
      commitTime(event.data?.after, event.time),
    );
  }),
);
