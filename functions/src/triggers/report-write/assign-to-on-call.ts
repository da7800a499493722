import { logger } from 'firebase-functions';
import { programmeTimeZone } from '../../services/settings';
import { accountEmailVerified, db } from '../../platform/firebase';
import { recordingFailures } from '../../platform/trigger-failures';
import { assignToOnCall as work } from '../../services/on-call';
import { createdReport, type ReportStep } from './event';

/**
 * A new report of a campus whose schedule assigns automatically goes to the person on call
 * (the assignment then pages them through `pageAssignee`, like any other).
 */
export const assignToOnCall: ReportStep = recordingFailures('assignToOnCall', async (event) => {
  const incident = createdReport(event)?.data();
  if (!incident) return;
  const outcome = await work(
    {
      db: db(),
      emailVerified: accountEmailVerified,
      timeZone: await programmeTimeZone(db()),
      now: () => new Date(event.time),
    },
    { eventId: event.id, incidentId: event.params.incidentId, incident },
  );
  // The one sign of a run that assigns nothing (a campus without automatic assignment).
  logger.info('Automatic assignment', { incidentId: event.params.incidentId, outcome });
});
