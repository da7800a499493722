import { programmeTimeZone } from '../../services/settings';
import { db } from '../../platform/firebase';
import { applyIncidentStatsChange } from '../../services/incident-stats';
import { recordingFailures } from '../../platform/trigger-failures';
import { type ReportStep } from './event';

/** Any write of a report (create, edit, archive/restore, delete) moves the campus and day stats. */
export const updateIncidentStats: ReportStep = recordingFailures(
  'updateIncidentStats',
  async (event) => {
    await applyIncidentStatsChange(
      db(),
      {
        eventId: event.id,
        before: event.data?.before.data(),
        after: event.data?.after.data(),
      },
      await programmeTimeZone(db()),
    );
  },
);
