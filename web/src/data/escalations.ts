import { ESCALATION_NOTIFICATION_TYPE } from '@campus-safety/model';
import { markNotificationRead, staffNoticesSpec, type StaffNotice } from './staff-notices';
import type { QuerySpec } from './spec';

/**
 * An escalation as the server leaves it in the recipient's `users/{uid}/notifications`; `open`
 * turns false when the escalation ended (notices from before policies have none).
 */
export type EscalationNotice = StaffNotice & { open?: boolean };

/** An escalation still waiting on someone: not read, and not ended by the server. */
export function isOpenEscalation(notice: EscalationNotice): boolean {
  return !notice.isRead && notice.open !== false;
}

/** How many of the newest notices the Escalations screen lists. */
export const ESCALATIONS_LIMIT = 50;

/** The signed-in staff member's escalation notices, newest first. */
export function escalationsSpec(uid: string): QuerySpec<EscalationNotice> {
  return staffNoticesSpec(uid, ESCALATION_NOTIFICATION_TYPE, ESCALATIONS_LIMIT);
}

export const markEscalationRead = markNotificationRead;
