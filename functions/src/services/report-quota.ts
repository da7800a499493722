import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, LIMITS, PUSH_TYPES, formatInZone } from '@campus-safety/model';

const HOUR_MS = 3_600_000;

export interface QuotaEvent {
  reporterId: unknown;
  /** The new report's id: the notification names it. */
  incidentId: string;
}

/**
 * After a report is filed: reads the reporter's newest LIMITS.reportsPerReporterPerHour reports of
 * the last hour (index `reporterId`, `timestamp` desc; at most that many reads) and keeps
 * `report_quotas/{reporterId}`: when they are that many, `fullUntil` = the oldest of them + 1 h,
 * until when the rules refuse another report (the named function `withinReportQuota`), and the
 * reporter is told why and until when. Recomputed from the reports, so a redelivery or two
 * triggers at once agree. A flood written faster than this trigger runs gets a few reports past
 * the limit before `fullUntil` lands; the limit stays bounded by the trigger's delay. The
 * reporter is told in the transaction that first fills the quota, so once per period.
 */
export async function applyReportQuota(
  db: Firestore,
  event: QuotaEvent,
  now: Date,
  timeZone: string,
): Promise<'within' | 'full'> {
  if (typeof event.reporterId !== 'string' || event.reporterId === '') return 'within';
  const limit = LIMITS.reportsPerReporterPerHour;
  const recent = await db
    .collection(COLLECTIONS.incidentReports)
    .where('reporterId', '==', event.reporterId)
    .where('timestamp', '>', Timestamp.fromMillis(now.getTime() - HOUR_MS))
    .orderBy('timestamp', 'desc')
    .limit(limit)
    .get();
  const quota = db.collection(COLLECTIONS.reportQuotas).doc(event.reporterId);
  if (recent.size < limit) return 'within';
  const oldest = recent.docs[recent.size - 1]!.get('timestamp') as Timestamp;
  const fullUntil = Timestamp.fromMillis(oldest.toMillis() + HOUR_MS);
  const again = formatInZone(fullUntil.toDate(), timeZone, 'HH:mm');
  await db.runTransaction(async (tx) => {
    const before = (await tx.get(quota)).get('fullUntil') as unknown;
    // Told once per period: not again while the quota a previous report filled still holds.
    const toldAlready = before instanceof Timestamp && before.toMillis() > now.getTime();
    tx.set(quota, { fullUntil, recent: recent.size, updatedAt: FieldValue.serverTimestamp() });
    if (toldAlready) return;
    tx.set(
      db
        .collection(COLLECTIONS.users)
        .doc(event.reporterId as string)
        .collection(COLLECTIONS.notifications)
        .doc(`report-limit-${event.incidentId}`),
      {
        title: 'Report limit reached',
        message:
          `You have sent ${limit} reports within an hour, the most one person can send. ` +
          `You can send another at ${again}. In an emergency, call campus security.`,
        color: 'orange',
        icon: 'hourglass_top',
        isRead: false,
        timestamp: FieldValue.serverTimestamp(),
        type: PUSH_TYPES.report,
        type_id: event.incidentId,
      },
    );
  });
  return 'full';
}
