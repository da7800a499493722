import { consoleUrl } from '../../options';
import { db } from '../../platform/firebase';
import { smtpTransport } from '../../platform/mail';
import { smsProvider } from '../../platform/sms';
import { verifiedPhonesOf } from '../../platform/verified-phones';
import { defaultSender } from '../../push/default-sender';
import { currentInstitution } from '../settings';
import type { MailTransport } from '../../platform/mail';
import type { SmsProvider } from '../../platform/sms';
import type { PushSender } from '../../push/sender';
import type { Firestore } from 'firebase-admin/firestore';

export interface MassNotificationDeps {
  db: Firestore;
  push: PushSender;
  mail: (MailTransport & { from: string }) | null;
  sms: SmsProvider | null;
  /** The verified phone (the SMS second factor Firebase Auth holds) of each uid that has one. */
  phonesOf: (uids: string[]) => Promise<Map<string, string>>;
  /** Where reply links point (docs/mass-notifications.md#reply-links). */
  consoleUrl: string;
}

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
    consoleUrl: consoleUrl(),
  };
}
