import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { MAX_INSTANCES } from '../options';
import { announceNewIncident } from './report-write/announce-new-incident';
import { applyIncidentStatusChange } from './report-write/apply-incident-status-change';
import { assignToOnCall } from './report-write/assign-to-on-call';
import { dropArchivedReportTokens } from './report-write/drop-archived-report-tokens';
import { endEscalation } from './report-write/end-escalation';
import { pageAssignee } from './report-write/page-assignee';
import { removeDeletedIncidentMedia } from './report-write/remove-deleted-incident-media';
import { updateIncidentKeywords } from './report-write/update-incident-keywords';
import { updateIncidentStats } from './report-write/update-incident-stats';
import { type ReportStep, type ReportWriteKind, writeKindOf } from './report-write/event';

const ANY: readonly ReportWriteKind[] = ['created', 'updated', 'deleted'];

/** Each step, and the writes it acts on (only those reach it, its failure record and test hook). */
const STEPS: readonly { step: ReportStep; on: readonly ReportWriteKind[] }[] = [
  { step: updateIncidentStats, on: ANY },
  { step: announceNewIncident, on: ['created'] },
  { step: assignToOnCall, on: ['created'] },
  { step: applyIncidentStatusChange, on: ['updated'] },
  { step: pageAssignee, on: ['updated'] },
  { step: endEscalation, on: ['updated'] },
  { step: updateIncidentKeywords, on: ['created', 'updated'] },
  { step: removeDeletedIncidentMedia, on: ['deleted'] },
  { step: dropArchivedReportTokens, on: ['updated'] },
];

/**
 * Every write of a report, one invocation for all its effects. The seven triggers this replaced
 * cost seven invocations per write (nine per new report, with the keywords' own update), which a
 * burst of reports paid in full (issue 22). Each step records its own failure under its
 * own name (`trigger_failures`); all run even when one fails, and the event is then handed back
 * for a retry, which the steps that succeeded pass over (each is idempotent per event id).
 */
export const handleIncidentReportWrite = onDocumentWritten(
  {
    document: `${COLLECTIONS.incidentReports}/{incidentId}`,
    retry: true,
    maxInstances: MAX_INSTANCES.reportBurst,
  },
  async (event) => {
    const kind = writeKindOf(event);
    if (!kind) return;
    const outcomes = await Promise.allSettled(
      STEPS.filter(({ on }) => on.includes(kind)).map(({ step }) => step(event)),
    );
    const failed = outcomes.find((o) => o.status === 'rejected');
    if (failed) throw failed.reason;
  },
);
