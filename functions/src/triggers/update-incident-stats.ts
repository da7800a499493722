import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { timeZone } from '../options';
import { db } from '../platform/firebase';
import { applyIncidentStatsChange } from '../services/incident-stats';
import { recordingFailures } from '../platform/trigger-failures';

/** Any write of a report (create, edit, archive/restore, delete) moves the campus and day stats. */
export const updateIncidentStats = onDocumentWritten(
  { document: `${COLLECTIONS.incidentReports}/{incidentId}`, retry: true },
  recordingFailures('updateIncidentStats', async (event) => {
    await applyIncidentStatsChange(
      db(),
      {
        eventId: event.id,
        incidentId: event.params.incidentId,
        before: event.data?.before.data(),
        after: event.data?.after.data(),
      },
      timeZone(),
    );
  }),
);
