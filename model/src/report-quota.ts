/**
 * The hourly report quota (LIMITS.reportsPerReporterPerHour): each report is counted into
 * `report_quotas/{uid}` as it is written (the rules for the app's reports, a transaction for the
 * anonymous ones); the reporter reads the same words whether the server refused
 * (fileAnonymousReport, the notification) or the app saw the quota full before filing.
 */
import { LIMITS } from './constants';
import { formatInZone } from './dates';
import type { TimestampLike } from './entities';

/** What a reporter at the hourly limit is told: until when, and what to do in an emergency. */
export function reportLimitText(fullUntil: Date, timeZone: string): string {
  return (
    `You have sent ${LIMITS.reportsPerReporterPerHour} reports within an hour, the most one ` +
    `person can send. You can send another at ${formatInZone(fullUntil, timeZone, 'HH:mm')}. ` +
    'In an emergency, call campus security.'
  );
}

/** The quota's window: a reporter's first report in it opens it, for this long. */
export const REPORT_QUOTA_WINDOW_MS = 3_600_000;

/**
 * `report_quotas/{uid}`: the reporter's open window and the reports filed in it. Written in the
 * same batch or transaction as each report it counts (firestore.rules `withinReportQuota`, the
 * callable fileAnonymousReport), so neither a batch of many reports nor reports written side by
 * side get past it: `filed` grows by exactly one per report, and `lastId` names that report.
 */
export interface ReportQuota<T = TimestampLike> {
  windowStart?: T;
  filed?: number;
  lastId?: string;
}

/** Until when the quota takes no report, at `nowMs`; null when it takes one. */
export function reportQuotaFullUntil(
  quota: ReportQuota<{ toMillis(): number }> | undefined,
  nowMs: number,
): Date | null {
  const start = quota?.windowStart?.toMillis();
  if (start === undefined || nowMs >= start + REPORT_QUOTA_WINDOW_MS) return null;
  return (quota?.filed ?? 0) >= LIMITS.reportsPerReporterPerHour
    ? new Date(start + REPORT_QUOTA_WINDOW_MS)
    : null;
}

/**
 * What `report_quotas/{uid}` becomes with the report `reportId`, read at `nowMs`: one more in the
 * open window, or a new window (`windowStart: 'now'`, which the writer stamps with the commit's
 * time, as the rules require); `{ full }` when the window holds the limit already.
 */
export function nextReportQuota<T extends { toMillis(): number }>(
  quota: ReportQuota<T> | undefined,
  nowMs: number,
  reportId: string,
): { windowStart: T | 'now'; filed: number; lastId: string } | { full: Date } {
  const fullUntil = reportQuotaFullUntil(quota, nowMs);
  if (fullUntil) return { full: fullUntil };
  const start = quota?.windowStart;
  const open = start !== undefined && nowMs < start.toMillis() + REPORT_QUOTA_WINDOW_MS;
  return open
    ? { windowStart: start, filed: (quota?.filed ?? 0) + 1, lastId: reportId }
    : { windowStart: 'now', filed: 1, lastId: reportId };
}
