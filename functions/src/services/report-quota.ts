import { FieldValue, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, LIMITS, PUSH_TYPES, reportLimitText } from '@campus-safety/model';

const HOUR_MS = 3_600_000;

export interface QuotaEvent {
  /** The new report's id: the record and the notification name it. */
  incidentId: string;
  /** The report as created. */
  incident: DocumentData;
  /** Its reporter's uid (services/reporter.ts reporterUidOf; anonymous reports have it too). */
  reporterUid: string | null;
  /** When the report's document was created (its commit). */
  createdAt: Timestamp;
}

/** A report the app filed, as `report_quotas/{uid}.filed` records it. */
interface FiledReport {
  id: string;
  at: Timestamp;
}

/**
 * Whether a new report is one its reporter filed through the app (docs/security-rules.md): every
 * server writer (an import, the demo seed, a test's setup) marks its reports `imported: true`, a
 * field the rules never take from the app. An anonymous report counts like any other: it comes
 * from the app through fileAnonymousReport, which checks the same quota.
 */
export function filedThroughApp(incident: DocumentData): boolean {
  return (
    ((typeof incident.reporterId === 'string' && incident.reporterId !== '') ||
      incident.anonymous === true) &&
    incident.imported !== true
  );
}

/**
 * After a report is filed: keeps `report_quotas/{reporterId}` for the reports the reporter filed
 * through the app (filedThroughApp). `filed` lists the last hour's, newest
 * LIMITS.reportsPerReporterPerHour at most; when they are that many, `fullUntil` = the oldest of
 * them + 1 h, until when the rules refuse another report (the named function
 * `withinReportQuota`), and the reporter is told why and until when. One transaction per report,
 * keyed by its id, so a redelivery or two triggers at once agree. A flood written faster than
 * this trigger runs gets a few reports past the limit before `fullUntil` lands; the limit stays
 * bounded by the trigger's delay. The reporter is told in the transaction that first fills the
 * quota, so once per period.
 */
export async function applyReportQuota(
  db: Firestore,
  event: QuotaEvent,
  timeZone: string,
): Promise<'not-counted' | 'within' | 'full'> {
  const reporterId = event.reporterUid;
  if (!filedThroughApp(event.incident) || !reporterId) return 'not-counted';
  const limit = LIMITS.reportsPerReporterPerHour;
  const at = event.createdAt;
  const quota = db.collection(COLLECTIONS.reportQuotas).doc(reporterId);
  return db.runTransaction(async (tx) => {
    const current = (await tx.get(quota)).data();
    const since = at.toMillis() - HOUR_MS;
    const recorded = Array.isArray(current?.filed) ? (current.filed as FiledReport[]) : [];
    const filed = [
      ...recorded.filter((r) => r.id !== event.incidentId),
      { id: event.incidentId, at },
    ]
      .filter((r) => r.at instanceof Timestamp && r.at.toMillis() > since)
      .sort((a, b) => b.at.toMillis() - a.at.toMillis())
      .slice(0, limit);
    // Fewer than the limit in the last hour: any fullUntil an earlier period set has passed.
    if (filed.length < limit) {
      tx.set(quota, { filed, updatedAt: FieldValue.serverTimestamp() });
      return 'within' as const;
    }
    const before = current?.fullUntil as unknown;
    const fullUntil = Timestamp.fromMillis(filed[filed.length - 1]!.at.toMillis() + HOUR_MS);
    tx.set(quota, { filed, fullUntil, updatedAt: FieldValue.serverTimestamp() });
    // Told once per period: not again while the quota a previous report filled still holds.
    if (before instanceof Timestamp && before.toMillis() > at.toMillis()) return 'full' as const;
    tx.set(
      db
        .collection(COLLECTIONS.users)
        .doc(reporterId)
        .collection(COLLECTIONS.notifications)
        .doc(`report-limit-${event.incidentId}`),
      {
        title: 'Report limit reached',
        message: reportLimitText(fullUntil.toDate(), timeZone),
        color: 'orange',
        icon: 'hourglass_top',
        isRead: false,
        timestamp: FieldValue.serverTimestamp(),
        type: PUSH_TYPES.report,
        type_id: event.incidentId,
      },
    );
    return 'full' as const;
  });
}
