import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { displayTimeZone } from '../domain/date-format';
import { defaultSender } from '../push/default-sender';
import { db } from '../services/firebase';
import { applyIncidentStatus } from '../services/incident-status';

/** A new incident report: the reporter gets the yellow "Incident Reported" notification and push. */
export const onIncidentCreated = onDocumentCreated(
  `${COLLECTIONS.incidentReports}/{incidentId}`,
  async (event) => {
    const incident = event.data?.data();
    if (!incident) return;
    await applyIncidentStatus(
      { db: db(), push: defaultSender(), timeZone: displayTimeZone() },
      {
        eventId: event.id,
        eventTime: new Date(event.time),
        incidentId: event.params.incidentId,
        incident,
        status: 'Reported',
        timing: null,
      },
    );
  },
);
