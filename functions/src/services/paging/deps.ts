import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import type { PagingRefusal } from '@campus-safety/model';
import type { MailTransport } from '../../platform/mail';
import type { SmsProvider } from '../../platform/sms';
import type { PushSender } from '../../push/sender';

export interface PagingDeps {
  db: Firestore;
  push: PushSender;
  mail: (MailTransport & { from: string }) | null;
  sms: SmsProvider | null;
  /** Whether the Auth account of `uid` has verified its email (the truth, not a mirror). */
  emailVerified: (uid: string) => Promise<boolean>;
  /** The phone `uid` proved (for alerts, else their second factor), or null. */
  phoneOf: (uid: string) => Promise<string | null>;
  consoleUrl: string;
  timeZone: string;
}

export interface AssignmentEvent {
  eventId: string;
  /** When the assignment was committed. */
  eventTime: Date;
  incidentId: string;
  before: DocumentData;
  after: DocumentData;
}

export type PagingOutcome =
  'none' | 'duplicate' | 'stale' | 'self-acknowledged' | 'paged' | `refused:${PagingRefusal}`;
