/**
 * The hourly report quota (LIMITS.reportsPerReporterPerHour): the server keeps
 * `report_quotas/{uid}` (functions services/report-quota.ts) and refuses reports past it; the
 * reporter reads the same words whether the server refused (fileAnonymousReport, the
 * notification) or the app saw the quota full before filing.
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

/** `report_quotas/{uid}` as its reporter reads it. */
export interface ReportQuota<T = TimestampLike> {
  /** While this is in the future, no report of theirs is taken. */
  fullUntil?: T;
}
