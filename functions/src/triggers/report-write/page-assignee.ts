import { consoleUrl } from '../../options';
import { currentInstitution } from '../../services/settings';
import { accountEmailVerified, db } from '../../platform/firebase';
import { smtpTransport } from '../../platform/mail';
import { smsProvider } from '../../platform/sms';
import { verifiedPhoneOf } from '../../platform/verified-phones';
import { recordingFailures } from '../../platform/trigger-failures';
import { defaultSender } from '../../push/default-sender';
import { pageAssignee as work } from '../../services/paging';
import { commitTime } from '../../platform/commit-time';
import { type ReportStep, updatedReport } from './event';

/**
 * A report got an assignee, by any path (a staff write, reassignReport, later automatic
 * assignment): the assignee is told at once and the previous one, if any, that it moved.
 */
export const pageAssignee: ReportStep = recordingFailures('pageAssignee', async (event) => {
  const update = updatedReport(event);
  if (!update) return;
  const { before, after } = update;
  const institution = await currentInstitution(db());
  await work(
    {
      db: db(),
      push: defaultSender(),
      mail: smtpTransport(institution.name),
      sms: smsProvider(),
      emailVerified: accountEmailVerified,
      phoneOf: verifiedPhoneOf,
      consoleUrl: consoleUrl(),
      timeZone: institution.timeZone,
    },
    {
      eventId: event.id,
      eventTime: commitTime(event.data?.after, event.time),
      incidentId: event.params.incidentId,
      before,
      after,
    },
  );
});
