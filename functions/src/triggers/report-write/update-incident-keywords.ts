import { refreshIncidentKeywords } from '../../services/incident-keywords';
import { recordingFailures } from '../../platform/trigger-failures';
import { type ReportStep } from './event';

/** A report created or edited: its `keywords` follow its searched fields (the console's search). */
export const updateIncidentKeywords: ReportStep = recordingFailures(
  'updateIncidentKeywords',
  async (event) => {
    const written = event.data?.after;
    if (written?.exists) await refreshIncidentKeywords(written);
  },
);
