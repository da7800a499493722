import { logger } from 'firebase-functions';
import { programmeTimeZone } from '../../services/settings';
import { classifyStatusChange } from '../../domain/status-change';
import { defaultSender } from '../../push/default-sender';
import { db } from '../../platform/firebase';
import { applyIncidentStatus } from '../../services/incident-status';
import { recordingFailures } from '../../platform/trigger-failures';
import { commitTime } from '../../platform/commit-time';
import { type ReportStep, updatedReport } from './event';

/**
 * An incident's status moved (Processing, Responded, Resolved, Declined): timing fields, history,
 * the reporter's notification and push. Updates that leave the status alone (including this
 * trigger's own writes) do nothing; moves the status machine forbids are logged, not announced.
 */
export const applyIncidentStatusChange: ReportStep = recordingFailures(
  'applyIncidentStatusChange',
  async (event) => {
    const update = updatedReport(event);
    if (!update) return;
    const { before, after } = update;
    const change = classifyStatusChange(before.status, after.status);
    if (change.kind === 'none') return;
    if (change.kind === 'illegal') {
      logger.error(`Illegal status move ${change.from} → ${change.to}; no notification sent`, {
        incidentId: event.params.incidentId,
      });
      return;
    }
    await applyIncidentStatus(
      { db: db(), push: defaultSender(), timeZone: await programmeTimeZone(db()) },
      {
        eventId: event.id,
        eventTime: commitTime(event.data?.after, event.time),
        incidentId: event.params.incidentId,
        incident: after,
        status: change.to,
        timing: change.timing,
      },
    );
  },
);
