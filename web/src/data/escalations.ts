import { ESCALATION_NOTIFICATION_TYPE } from '@campus-safety/model';
import { markStaffNoticeRead, staffNoticesSpec, type StaffNotice } from './staff-notices';
import type { QuerySpec } from './spec';

/** An escalation as the server leaves it in the recipient's `users/{uid}/notifications`. */
export type EscalationNotice = StaffNotice;

/** How many of the newest notices the Escalations screen lists. */
export const ESCALATIONS_LIMIT = 50;

/** The signed-in staff member's escalation notices, newest first. */
export function escalationsSpec(uid: string): QuerySpec<EscalationNotice> {
  return staffNoticesSpec(uid, ESCALATION_NOTIFICATION_TYPE, ESCALATIONS_LIMIT);
}

export const markEscalationRead = markStaffNoticeRead;
