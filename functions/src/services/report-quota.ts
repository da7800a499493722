import {
  FieldValue,
  type DocumentData,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  LIMITS,
  PUSH_TYPES,
  REPORT_QUOTA_WINDOW_MS,
  nextReportQuota,
  reportLimitText,
  type ReportQuota,
} from '@campus-safety/model';
import { fail } from '../platform/errors';
import { runTransaction } from '../platform/transactions';
import { millisOf } from '../platform/timestamps';

export interface QuotaEvent {
  /** The new report's id: the notification names it. */
  incidentId: string;
  /** The report as created. */
  incident: DocumentData;
  /** Its reporter's uid (services/reporter.ts reporterUidOf; anonymous reports have it too). */
  reporterUid: string | null;
}

/**
 * Whether a new report is one its reporter filed through the app (docs/security-rules.md): every
 * server writer (an import, the demo seed, a test's setup) marks its reports `imported: true`, a
 * field the rules never take from the app. An anonymous report counts like any other: it comes
 * from the app through fileAnonymousReport, which counts it into the same quota.
 */
export function filedThroughApp(incident: DocumentData): boolean {
  return (
    ((typeof incident.reporterId === 'string' && incident.reporterId !== '') ||
      incident.anonymous === true) &&
    incident.imported !== true
  );
}

function quotaRef(db: Firestore, uid: string) {
  return db.collection(COLLECTIONS.reportQuotas).doc(uid);
}

/**
 * In the transaction that creates the report `reportId` for `uid` (fileAnonymousReport): counts
 * it into `report_quotas/{uid}` as the rules count the app's own reports, or refuses with the
 * words the reporter reads when the window holds the limit already. Transactions on the one quota
 * document run one after another, so calls side by side cannot pass it.
 */
export async function countReportInQuota(
  tx: Transaction,
  db: Firestore,
  uid: string,
  reportId: string,
  now: Date,
  timeZone: string,
): Promise<void> {
  const ref = quotaRef(db, uid);
  const current = (await tx.get(ref)).data() as
    ReportQuota<FirebaseFirestore.Timestamp> | undefined;
  const next = nextReportQuota(current, now.getTime(), reportId);
  if ('full' in next) fail('resource-exhausted', reportLimitText(next.full, timeZone));
  tx.set(ref, {
    ...next,
    windowStart: next.windowStart === 'now' ? FieldValue.serverTimestamp() : next.windowStart,
  });
}

/**
 * After a report filed through the app (filedThroughApp): the report that filled its reporter's
 * window (the quota names it, at the limit) tells them so, once, with until when no report is
 * taken. The quota itself was counted with the report (firestore.rules, countReportInQuota).
 */
export async function tellReporterWhenQuotaFull(
  db: Firestore,
  event: QuotaEvent,
  timeZone: string,
): Promise<'not-counted' | 'within' | 'full'> {
  const reporterId = event.reporterUid;
  if (!filedThroughApp(event.incident) || !reporterId) return 'not-counted';
  const quota = (await quotaRef(db, reporterId).get()).data();
  const start = millisOf(quota?.windowStart);
  if (
    quota?.lastId !== event.incidentId ||
    start === null ||
    quota.filed !== LIMITS.reportsPerReporterPerHour
  )
    return 'within';
  const notice = db
    .collection(COLLECTIONS.users)
    .doc(reporterId)
    .collection(COLLECTIONS.notifications)
    .doc(`report-limit-${event.incidentId}`);
  await runTransaction(db, async (tx) => {
    // Once: a re-run must not mark a notice the reporter read as unread again.
    if ((await tx.get(notice)).exists) return;
    tx.create(notice, {
      title: 'Report limit reached',
      message: reportLimitText(new Date(start + REPORT_QUOTA_WINDOW_MS), timeZone),
      color: 'orange',
      icon: 'hourglass_top',
      isRead: false,
      timestamp: FieldValue.serverTimestamp(),
      type: PUSH_TYPES.report,
      type_id: event.incidentId,
    });
  });
  return 'full';
}
