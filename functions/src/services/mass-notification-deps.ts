import { db } from '../platform/firebase';
import { smtpTransport } from '../platform/mail';
import { smsProvider } from '../platform/sms';
import { verifiedPhonesOf } from '../platform/verified-phones';
import { defaultSender } from '../push/default-sender';
import type { MassNotificationDeps } from './mass-notifications';
import { currentInstitution } from './settings';

/**
 * The real channels, as the deployed functions use them (params choose mail and SMS); mail is
 * sent in the institution's name.
 */
export async function defaultMassNotificationDeps(): Promise<MassNotificationDeps> {
  return {
    db: db(),
    push: defaultSender(),
    mail: smtpTransport((await currentInstitution(db())).name),
    sms: smsProvider(),
    phonesOf: verifiedPhonesOf,
  };
}
