import { onSchedule } from 'firebase-functions/v2/scheduler';
import { logger } from 'firebase-functions';
import { defaultSender } from '../push/default-sender';
import { accountEmail, auth, bucket, db, isEmulated } from '../platform/firebase';
import { smtpTransport } from '../platform/mail';
import { smsProvider } from '../platform/sms';
import { verifiedPhonesOf } from '../platform/verified-phones';
import { consoleUrl } from '../options';
import { currentInstitution, programmeTimeZone } from '../services/settings';
import { runHousekeeping } from '../services/housekeeping';
import { sweepUncheckedMedia } from '../services/incident-media';

/**
 * Every minute: expire default passwords whose time is up, escalate reports unassigned past their
 * target (and, under emulators, remove old event markers).
 */
export const housekeeping = onSchedule({ schedule: 'every 1 minutes', retryCount: 0 }, async () => {
  const done = await runHousekeeping({
    db: db(),
    auth: auth(),
    push: defaultSender(),
    mail: smtpTransport((await currentInstitution(db())).name),
    sms: smsProvider(),
    phonesOf: verifiedPhonesOf,
    consoleUrl: consoleUrl(),
    account: accountEmail,
    bucket: bucket(),
    now: () => new Date(),
    sweepMarkers: isEmulated(),
    timeZone: await programmeTimeZone(db(), { fresh: true }),
  });
  await sweepUncheckedMedia({ db: db(), bucket: bucket(), now: () => new Date() });
  if (Object.values(done).some((count) => count > 0)) logger.info('Housekeeping', done);
});
