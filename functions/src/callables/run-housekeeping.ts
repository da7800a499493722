import { defaultSender } from '../push/default-sender';
import { callable } from '../platform/callable';
import { accountEmail, auth, bucket, db, isEmulated } from '../platform/firebase';
import { smtpTransport } from '../platform/mail';
import { smsProvider } from '../platform/sms';
import { verifiedPhonesOf } from '../platform/verified-phones';
import { consoleUrl } from '../options';
import { currentInstitution, programmeTimeZone } from '../services/settings';
import { runHousekeeping as run } from '../services/housekeeping';

/** Admin runs the housekeeping job now (the emulator suite runs no schedules). */
export const runHousekeeping = callable('runHousekeeping', async () =>
  run({
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
  }),
);
