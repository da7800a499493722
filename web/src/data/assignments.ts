import { ASSIGNMENT_NOTIFICATION_TYPE } from '@campus-safety/model';
import { callFunction } from '../lib/functions';
import { listenToQuery } from './firestore';
import type { WithId } from './spec';
import { markNotificationRead, staffNoticesSpec, type StaffNotice } from './staff-notices';

/**
 * A page the server left in the staff member's `users/{uid}/notifications`: "Assigned to you: …"
 * when a report was assigned to them, "Reassigned: …" when it moved to someone else, with the
 * report's type, campus and threat level for the alert.
 */
export interface AssignmentNotice extends StaffNotice {
  incidentType: string | null;
  campus: string | null;
  threatLevel: string | null;
}

/** The newest pages watched: far more than a shift is assigned between two looks. */
export const ASSIGNMENT_NOTICES_LIMIT = 20;

/**
 * The signed-in staff member's newest pages, newest first. Unread ones are picked out by the
 * alert: an `isRead` filter would need an index more.
 */
export function watchAssignmentNotices(
  uid: string,
  onRows: (rows: WithId<AssignmentNotice>[], fromCache: boolean) => void,
  onError: (error: Error) => void,
): () => void {
  return listenToQuery(
    staffNoticesSpec<AssignmentNotice>(uid, ASSIGNMENT_NOTIFICATION_TYPE, ASSIGNMENT_NOTICES_LIMIT),
    (u) => onRows(u.rows, u.fromCache),
    onError,
    { includeMetadataChanges: true },
  );
}

export const markAssignmentNoticeRead = markNotificationRead;

/** The assignee acknowledges (the server checks it is them and records it once). */
export function acknowledgeAssignment(incidentId: string) {
  return callFunction('acknowledgeAssignment', { incidentId });
}

/** An Admin or the campus's IMT hands a report in progress to another staff member. */
export function reassignReport(input: { incidentId: string; assigneeId: string; reason: string }) {
  return callFunction('reassignReport', input);
}
