import { db } from '../platform/firebase';
import { smtpTransport } from '../platform/mail';
import { smsProvider } from '../platform/sms';
import { verifiedPhonesOf } from '../platform/verified-phones';
import { defaultSender } from '../push/default-sender';
import type { MassNotificationDeps } from './mass-notifications';

/** The real channels, as the deployed functions use them (params choose mail and SMS). */
export function defaultMassNotificationDeps(): MassNotificationDeps {
  return {
    db: db(),
    push: defaultSender(),
    mail: smtpTransport(),
    sms: smsProvider(),
    phonesOf: verifiedPhonesOf,
  };
}
