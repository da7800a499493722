import {
  COLLECTIONS,
  reportLimitText,
  type CallableRequest,
  type IncidentReport,
  type Language,
  type ReportQuota,
  type ReporterPlace,
  type ReplyRequest,
  type TimestampLike,
} from '@campus-safety/model';
import { callFunction } from '../lib/functions';
import { programmeTimeZone } from '../lib/institution';
import {
  createDocument,
  createQueuedInReportQuota,
  existsOnServer,
  pendingOnDevice,
  deviceTime,
  entityConverter,
  newDocumentId,
  removedField,
  serverTime,
  updateDocument,
} from './firestore';
import { NEWEST_FIRST } from './incident-orders';
import { notificationsPath } from './staff-notices';
import type { DocSpec, QuerySpec } from './spec';

/**
 * The reporter web app's reads and writes (docs/reporter-app.md): the signed-in reporter's own
 * reports, the links to their anonymous ones, their notifications, their report quota, and
 * filing a report named or anonymous. The conversation is `conversation.ts`.
 */

/** Reports "My reports" lists of each kind (own, anonymous): the newest this many. */
export const MY_REPORTS_LIMIT = 50;
/** Notifications the app shows: the newest this many. */
export const NOTIFICATIONS_LIMIT = 50;
/** Notifications of one report read for its timeline (status moves and messages). */
export const REPORT_NOTIFICATIONS_LIMIT = 100;

/** What the server leaves a reporter in `users/{uid}/notifications` (`type_id`: the report's id). */
export interface ReporterNotification {
  title: string;
  message: string;
  color?: string;
  icon?: string;
  type?: string;
  type_id?: string;
  isRead: boolean;
  timestamp: TimestampLike;
  /** An alert's: its id, and the answers it asks for ("are you safe?"), if any. */
  alertId?: string;
  reply?: ReplyRequest;
  /** The person's answer, as the server recorded it. */
  replied?: { choice: number; at: TimestampLike };
}

/** `users/{uid}/anonymous_reports/{incidentId}`: the reporter's link to an anonymous report. */
export interface AnonymousReportLink {
  filedAt: TimestampLike;
}

const notificationConverter = entityConverter<ReporterNotification>();

/** The reports filed under the reporter's name (the rules' reporter scope), newest first. */
export function ownReportsSpec(uid: string): QuerySpec<IncidentReport> {
  return {
    path: [COLLECTIONS.incidentReports],
    converter: entityConverter<IncidentReport>(),
    wheres: [{ field: 'reporterId', op: '==', value: uid }],
    orderBy: NEWEST_FIRST,
    limit: MY_REPORTS_LIMIT,
  };
}

/** The reporter's anonymous reports, by their links (only they read them), newest first. */
export function anonymousReportLinksSpec(uid: string): QuerySpec<AnonymousReportLink> {
  return {
    path: [COLLECTIONS.users, uid, COLLECTIONS.anonymousReports],
    converter: entityConverter<AnonymousReportLink>(),
    wheres: [],
    orderBy: { field: 'filedAt', direction: 'desc' },
    limit: MY_REPORTS_LIMIT,
  };
}

/** The reporter's newest notifications. */
export function notificationsSpec(uid: string): QuerySpec<ReporterNotification> {
  return {
    path: notificationsPath(uid),
    converter: notificationConverter,
    wheres: [],
    orderBy: { field: 'timestamp', direction: 'desc' },
    limit: NOTIFICATIONS_LIMIT,
  };
}

/**
 * The notifications about one report: what the reporter was told and when (its timeline; the
 * staff timeline is staff-only). Equality alone, so no composite index; sorted on screen.
 */
export function reportNotificationsSpec(
  uid: string,
  incidentId: string,
): QuerySpec<ReporterNotification> {
  return {
    path: notificationsPath(uid),
    converter: notificationConverter,
    wheres: [{ field: 'type_id', op: '==', value: incidentId }],
    limit: REPORT_NOTIFICATIONS_LIMIT,
  };
}

/** `report_quotas/{uid}`: the reporter's open window and how many reports it holds. */
export function reportQuotaSpec(uid: string): DocSpec<ReportQuota> {
  return {
    path: [COLLECTIONS.reportQuotas, uid],
    converter: entityConverter<ReportQuota>(),
  };
}

/**
 * A new app user's own `users/{uid}` document, written once right after sign-up (the one write
 * the rules allow before the email is verified): role User, live, the Auth email, their campus
 * and affiliation.
 */
export function createAppUserProfile(
  uid: string,
  profile: { firstName: string; lastName: string; email: string } & ReporterPlace,
) {
  return createDocument(
    [COLLECTIONS.users, uid],
    {
      ...profile,
      role: 'User',
      isArchived: false,
      registrationDate: new Date().toISOString(),
      registrationDateTimestamp: serverTime(),
    },
    'Your account details were not saved',
  );
}

/** A reporter changes their campus and affiliation (the rules let only app users). */
export function saveReporterPlace(uid: string, place: ReporterPlace) {
  return updateDocument([COLLECTIONS.users, uid], { ...place }, 'Your campus was not saved');
}

/**
 * A person chooses the language alerts reach them in, or none (then their roster's, else the
 * institution's default: docs/mass-notifications.md#languages). The rules check the code.
 */
export function saveAlertLanguage(uid: string, language: Language | null) {
  return updateDocument(
    [COLLECTIONS.users, uid],
    { language: language ?? removedField() },
    'Your language was not saved',
  );
}

/** The fields a report is filed with (the model's fileAnonymousReportSchema checks them). */
export type ReportFields = CallableRequest<'fileAnonymousReport'>;

/** A report filed: its id, and `sent`, which settles once the server has taken or refused it. */
export interface FiledReport {
  id: string;
  sent: Promise<void>;
}

/**
 * Files a report under the reporter's name, as the mobile app writes it (the rules'
 * newReportValid): the reporter's uid and verified email, status Reported, the server's time of
 * arrival and the device's of writing; counted into their hourly quota in the same batch (refused,
 * saying until when, when full). Without a connection it waits on the device and is sent when the
 * connection returns (docs/reporter-app.md#offline). `writtenAt`: when it was written (a refused
 * report sent again keeps its own).
 */
export async function fileNamedReport(
  fields: ReportFields,
  reporter: { uid: string; email: string },
  writtenAt: number = Date.now(),
): Promise<FiledReport> {
  const path = [COLLECTIONS.incidentReports];
  const id = newDocumentId(path);
  const { sent } = await createQueuedInReportQuota(
    [...path, id],
    {
      ...fields,
      timestamp: serverTime(),
      writtenAt: deviceTime(writtenAt),
      status: 'Reported',
      isArchived: false,
      email: reporter.email,
      reporterId: reporter.uid,
    },
    reporter.uid,
    (until) => reportLimitText(until, programmeTimeZone()),
    'The report was not sent',
  );
  return { id, sent };
}

/** Where a report this device queued stands. */
export type QueuedReportOutcome = 'waiting' | 'arrived' | 'refused';

/**
 * A report this device queued (in this session or an earlier one): still waiting while the
 * device holds its write; else the server has it, or the server refused it (the SDK drops a
 * refused write, so a report neither held nor on the server was refused). Only a write no longer
 * held is judged by the server, so one still on its way (sent by another tab of the app) is never
 * taken for refused.
 */
export async function queuedReportOutcome(id: string): Promise<QueuedReportOutcome> {
  const path = [COLLECTIONS.incidentReports, id];
  if (await pendingOnDevice(path)) return 'waiting';
  return (await existsOnServer(path)) ? 'arrived' : 'refused';
}

/** Files a report that names no one (docs/anonymity.md); the server links it to the caller. */
export async function fileAnonymousReport(fields: ReportFields): Promise<string> {
  return (await callFunction('fileAnonymousReport', fields)).incidentId;
}

/** The person answers an alert's question; the server keeps one answer each (the latest). */
export function replyToAlert(alertId: string, choice: number) {
  return callFunction('replyToMassNotification', { id: alertId, choice });
}
