import { bucket, db } from '../../platform/firebase';
import { recordingFailures } from '../../platform/trigger-failures';
import { removeIncidentMedia } from '../../services/incident-media';
import type { ReportStep } from './event';

/**
 * An incident was deleted: its photos, video and audio go with it unless it is under legal hold
 * (services/incident-media.ts).
 */
export const removeDeletedIncidentMedia: ReportStep = recordingFailures(
  'removeDeletedIncidentMedia',
  async (event) => {
    await removeIncidentMedia({ db: db(), bucket: bucket() }, event.params.incidentId);
  },
);
