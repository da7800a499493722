import type { DocumentData } from 'firebase-admin/firestore';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { timeZone } from '../options';
import { defaultSender } from '../push/default-sender';
import { db } from '../services/firebase';
import { applyIncidentStatus } from '../services/incident-status';
import { recordingFailures } from '../services/trigger-failures';
import { commitTime } from './commit-time';

function hasReportedStep(incident: DocumentData): boolean {
  const history: unknown = incident.statusHistory;
  return (
    Array.isArray(history) &&
    history.some((step) => (step as { status?: unknown } | null)?.status === 'Reported')
  );
}

/** A new incident report: the reporter gets the yellow "Incident Reported" notification and push. */
export const onIncidentCreated = onDocumentCreated(
  { document: `${COLLECTIONS.incidentReports}/{incidentId}`, retry: true },
  recordingFailures('onIncidentCreated', async (event) => {
    const incident = event.data?.data();
    // Only a report as the app files it is new; one created with a later status, or with its
    // "Reported" step already in its history (an import, the demo seed), is history, and must
    // not notify or add a second "Incident Reported" step.
    if (!incident || incident.status !== 'Reported' || hasReportedStep(incident)) return;
    await applyIncidentStatus(
      { db: db(), push: defaultSender(), timeZone: timeZone() },
      {
        eventId: event.id,
        eventTime: commitTime(event.data, event.time),
        incidentId: event.params.incidentId,
        incident,
        status: 'Reported',
        timing: null,
      },
    );
  }),
);
