import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { defaultSender } from '../push/default-sender';
import { accountEmail, accountEmailVerified, db } from '../platform/firebase';
import { smtpTransport } from '../platform/mail';
import { smsProvider } from '../platform/sms';
import { verifiedPhoneOf } from '../platform/verified-phones';
import { consoleUrl } from '../options';
import { recordingFailures } from '../platform/trigger-failures';
import { pageOnEmergency as work } from '../services/emergencies';
import { raiseTimerOnSos } from '../services/safety-timers';
import { currentInstitution, programmeTimeZone } from '../services/settings';

/**
 * An SOS from the app: the campus's on-call person is paged at once (services/emergencies.ts);
 * a safety timer the person has running ends as raised by it, and its guardians are told
 * (services/safety-timers.ts).
 */
export const pageOnEmergency = onDocumentCreated(
  { document: `${COLLECTIONS.emergencies}/{emergencyId}`, retry: true },
  recordingFailures('pageOnEmergency', async (event) => {
    const emergency = event.data?.data();
    if (!emergency) return;
    const now = () => new Date(event.time);
    const timeZone = await programmeTimeZone(db());
    const { emergencyId } = event.params;
    await work(
      {
        db: db(),
        push: defaultSender(),
        sms: smsProvider(),
        phoneOf: verifiedPhoneOf,
        consoleUrl: consoleUrl(),
        emailVerified: accountEmailVerified,
        now,
        timeZone,
      },
      { eventId: event.id, emergencyId, emergency },
    );
    await raiseTimerOnSos(
      {
        db: db(),
        mail: smtpTransport((await currentInstitution(db())).name),
        sms: smsProvider(),
        account: accountEmail,
        now,
        timeZone,
      },
      emergencyId,
      emergency,
    );
  }),
);
