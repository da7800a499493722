import { programmeTimeZone } from '../../services/settings';
import { defaultSender } from '../../push/default-sender';
import { db } from '../../platform/firebase';
import { applyIncidentStatus } from '../../services/incident-status';
import { tellReporterWhenQuotaFull } from '../../services/report-quota';
import { reporterUidOf } from '../../services/reporter';
import { recordingFailures } from '../../platform/trigger-failures';
import { commitTime } from '../../platform/commit-time';
import { createdReport, type ReportStep } from './event';

/**
 * A new incident report: the reporter gets the yellow "Incident Reported" notification and push,
 * and, when it is the report that filled their hourly quota, a notice saying until when no report
 * is taken (services/report-quota.ts).
 */
export const announceNewIncident: ReportStep = recordingFailures(
  'announceNewIncident',
  async (event) => {
    const created = createdReport(event);
    if (!created) return;
    const incident = created.data();
    // Only a report as the app files it is new; one created with a later status is history. One
    // whose "reported" timeline entry was written with it (an import, the demo seed) is history
    // too: applyIncidentStatus finds that entry and neither notifies nor adds a second one.
    if (incident.status !== 'Reported') return;
    const timeZone = await programmeTimeZone(db());
    await tellReporterWhenQuotaFull(
      db(),
      {
        incidentId: event.params.incidentId,
        incident,
        reporterUid: await reporterUidOf(db(), event.params.incidentId, incident),
      },
      timeZone,
    );
    await applyIncidentStatus(
      { db: db(), push: defaultSender(), timeZone },
      {
        eventId: event.id,
        eventTime: commitTime(created, event.time),
        incidentId: event.params.incidentId,
        incident,
        status: 'Reported',
        timing: null,
      },
    );
  },
);
