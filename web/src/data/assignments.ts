import {
  ASSIGNMENT_NOTIFICATION_TYPE,
  COLLECTIONS,
  type TimestampLike,
} from '@campus-safety/model';
import { callFunction } from '../lib/functions';
import { entityConverter, listenToQuery, updateDocument } from './firestore';
import type { QuerySpec, WithId } from './spec';

/**
 * A page the server left in the staff member's `users/{uid}/notifications`: "Assigned to you: …"
 * when a report was assigned to them, "Reassigned: …" when it moved to someone else.
 */
export interface AssignmentNotice {
  title: string;
  message: string;
  type: string;
  /** The report's id. */
  type_id: string;
  incidentType: string | null;
  campus: string | null;
  threatLevel: string | null;
  isRead: boolean;
  timestamp: TimestampLike;
}

const converter = entityConverter<AssignmentNotice>();

/** The newest pages watched: far more than a shift is assigned between two looks. */
export const ASSIGNMENT_NOTICES_LIMIT = 20;

function noticesPath(uid: string) {
  return [COLLECTIONS.users, uid, COLLECTIONS.notifications] as const;
}

/**
 * The signed-in staff member's newest pages, newest first (the (type, timestamp) index the
 * escalations use). Unread ones are picked out here: an `isRead` filter would need an index more.
 */
export function assignmentNoticesSpec(uid: string): QuerySpec<AssignmentNotice> {
  return {
    path: noticesPath(uid),
    converter,
    wheres: [{ field: 'type', op: '==', value: ASSIGNMENT_NOTIFICATION_TYPE }],
    orderBy: { field: 'timestamp', direction: 'desc' },
    limit: ASSIGNMENT_NOTICES_LIMIT,
  };
}

export function watchAssignmentNotices(
  uid: string,
  onRows: (rows: WithId<AssignmentNotice>[], fromCache: boolean) => void,
  onError: (error: Error) => void,
): () => void {
  return listenToQuery(assignmentNoticesSpec(uid), (u) => onRows(u.rows, u.fromCache), onError, {
    includeMetadataChanges: true,
  });
}

export function markAssignmentNoticeRead(uid: string, id: string) {
  return updateDocument([...noticesPath(uid), id], { isRead: true }, 'Could not mark it read');
}

/** The assignee acknowledges (the server checks it is them and records it once). */
export function acknowledgeAssignment(incidentId: string) {
  return callFunction('acknowledgeAssignment', { incidentId });
}

/** An Admin or the campus's IMT hands a report in progress to another staff member. */
export function reassignReport(input: { incidentId: string; assigneeId: string; reason: string }) {
  return callFunction('reassignReport', input);
}
