import { bucket } from '../../platform/firebase';
import { recordingFailures } from '../../platform/trigger-failures';
import { dropIncidentTokens } from '../../services/download-tokens';
import { type ReportStep, updatedReport } from './event';

/**
 * A report was archived or moved to another campus, so its campus's IMT no longer read its media:
 * every download token on its objects goes (docs/media.md#tokens). Dropping twice drops nothing
 * more, so a redelivered event is harmless.
 */
export const dropArchivedReportTokens: ReportStep = recordingFailures(
  'dropArchivedReportTokens',
  async (event) => {
    const change = updatedReport(event);
    if (!change) return;
    const archived = change.before.isArchived !== true && change.after.isArchived === true;
    const moved = change.before.nearestCampus !== change.after.nearestCampus;
    if (!archived && !moved) return;
    await dropIncidentTokens({ bucket: bucket(), now: () => new Date() }, event.params.incidentId);
  },
);
