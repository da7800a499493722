import { db } from '../../platform/firebase';
import { recordingFailures } from '../../platform/trigger-failures';
import { endEscalationIfOver } from '../../services/escalation';
import { commitTime } from '../../platform/commit-time';
import { type ReportStep, updatedReport } from './event';

/**
 * A report changed: an open escalation whose condition ended (assigned, acknowledged, responded,
 * closed) ends with it, and its notices stop being new.
 */
export const endEscalation: ReportStep = recordingFailures('endEscalation', async (event) => {
  const update = updatedReport(event);
  if (!update) return;
  await endEscalationIfOver(
    db(),
    event.params.incidentId,
    update.after,
    commitTime(event.data?.after, event.time),
  );
});
