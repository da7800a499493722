import {
  COLLECTIONS,
  ESCALATION_NOTIFICATION_TYPE,
  type TimestampLike,
} from '@campus-safety/model';
import { entityConverter, updateDocument } from './firestore';
import type { QuerySpec } from './spec';

/** An escalation as the server leaves it in the recipient's `users/{uid}/notifications`. */
export interface EscalationNotice {
  title: string;
  message: string;
  type: string;
  /** The escalated report's id. */
  type_id: string;
  isRead: boolean;
  timestamp: TimestampLike;
}

const converter = entityConverter<EscalationNotice>();

/** How many of the newest notices the Escalations screen lists. */
export const ESCALATIONS_LIMIT = 50;

function noticesPath(uid: string) {
  return [COLLECTIONS.users, uid, COLLECTIONS.notifications] as const;
}

/**
 * The signed-in staff member's escalation notices, newest first. Filtered on `type` so a staff
 * account that also reported something never sees its reporter notifications here; the
 * composite index (type, timestamp) is in firestore.indexes.json.
 */
export function escalationsSpec(uid: string): QuerySpec<EscalationNotice> {
  return {
    path: noticesPath(uid),
    converter,
    wheres: [{ field: 'type', op: '==', value: ESCALATION_NOTIFICATION_TYPE }],
    orderBy: { field: 'timestamp', direction: 'desc' },
    limit: ESCALATIONS_LIMIT,
  };
}

export function markEscalationRead(uid: string, id: string) {
  return updateDocument([...noticesPath(uid), id], { isRead: true }, 'Could not mark it read');
}
