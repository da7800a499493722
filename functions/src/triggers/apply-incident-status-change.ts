import { onDocumentUpdated } from 'firebase-functions/v2/firestore';
import { logger } from 'firebase-functions';
import { COLLECTIONS } from '@campus-safety/model';
import { timeZone } from '../options';
import { classifyStatusChange } from '../domain/status-change';
import { defaultSender } from '../push/default-sender';
import { db } from '../platform/firebase';
import { applyIncidentStatus } from '../services/incident-status';
import { recordingFailures } from '../platform/trigger-failures';
import { commitTime } from './commit-time';

/**
 * An incident's status moved (Processing, Responded, Resolved, Declined): timing fields, history,
 * the reporter's notification and push. Updates that leave the status alone (including this
 * trigger's own writes) do nothing; moves the status machine forbids are logged, not announced.
 */
export const applyIncidentStatusChange = onDocumentUpdated(
  { document: `${COLLECTIONS.incidentReports}/{incidentId}`, retry: true },
  recordingFailures('applyIncidentStatusChange', async (event) => {
    const before = event.data?.before.data();
    const after = event.data?.after.data();
    if (!before || !after) return;
    const change = classifyStatusChange(before.status, after.status);
    if (change.kind === 'none') return;
    if (change.kind === 'illegal') {
      logger.error(`Illegal status move ${change.from} → ${change.to}; no notification sent`, {
        incidentId: event.params.incidentId,
      });
      return;
    }
    await applyIncidentStatus(
      { db: db(), push: defaultSender(), timeZone: timeZone() },
      {
        eventId: event.id,
        eventTime: commitTime(event.data?.after, event.time),
        incidentId: event.params.incidentId,
        incident: after,
        status: change.to,
        timing: change.timing,
      },
    );
  }),
);
