import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { programmeTimeZone } from '../services/settings';
import { applyAccomplishmentWrite } from '../services/accomplishment';
import { db } from '../platform/firebase';
import { recordingFailures } from '../platform/trigger-failures';
import { commitTime } from '../platform/commit-time';

/** Accomplishment report written under an incident: copy, resolve, threat-level sync. */
export const applyAccomplishmentReport = onDocumentWritten(
  {
    document: `${COLLECTIONS.incidentReports}/{incidentId}/${COLLECTIONS.accomplishmentReports}/{accomplishmentId}`,
    retry: true,
  },
  recordingFailures('applyAccomplishmentReport', async (event) => {
    await applyAccomplishmentWrite(
      { db: db(), timeZone: await programmeTimeZone(db()) },
      {
        eventId: event.id,
        eventTime: commitTime(event.data?.after, event.time),
        incidentId: event.params.incidentId,
        accomplishmentId: event.params.accomplishmentId,
        before: event.data?.before.data(),
        after: event.data?.after.data(),
      },
    );
  }),
);
