/**
 * Escalation of reports left unassigned past their response target, and the campus leads it
 * tells first.
 */
import { PUSH_TYPES } from './constants';
import type { TimestampLike } from './entities';
import { responseTargetFor } from './response-targets';

/**
 * `campus_leads/{campus}`: the IMT member an Admin designated as the campus's lead, who is told
 * when a report of the campus waits past its assignment target. One per campus by construction.
 */
export interface CampusLead<T = TimestampLike> {
  uid: string;
  displayName: string;
  email: string;
  updatedAt: T;
}

/** Console notification and push `type` of an escalation (in `users/{uid}/notifications`). */
export const ESCALATION_NOTIFICATION_TYPE = PUSH_TYPES.escalation;

/**
 * Whether a report still unassigned should be escalated at `nowMs`: it has waited longer than
 * the assignment target of its threat level (Unrated when it has none).
 */
export function isEscalationDue(reportedAtMs: number, threatLevel: unknown, nowMs: number) {
  return nowMs - reportedAtMs > responseTargetFor(threatLevel).assignWithinMinutes * 60_000;
}
