import { COLLECTIONS, type TimestampLike } from '@campus-safety/model';
import { entityConverter, updateDocument } from './firestore';
import type { QuerySpec } from './spec';

/**
 * What the server leaves a staff member in `users/{uid}/notifications`: an escalation, a report
 * assigned to them or moved away. `type_id` is the report's id.
 */
export interface StaffNotice {
  title: string;
  message: string;
  type: string;
  type_id: string;
  isRead: boolean;
  timestamp: TimestampLike;
}

function noticesPath(uid: string) {
  return [COLLECTIONS.users, uid, COLLECTIONS.notifications] as const;
}

/**
 * The signed-in staff member's newest notices of one `type`, newest first. Filtered on `type` so
 * a staff account that also reported something never sees its reporter notifications with them;
 * the composite index (type, timestamp) is in firestore.indexes.json.
 */
export function staffNoticesSpec<T extends StaffNotice>(
  uid: string,
  type: string,
  limit: number,
): QuerySpec<T> {
  return {
    path: noticesPath(uid),
    converter: entityConverter<T>(),
    wheres: [{ field: 'type', op: '==', value: type }],
    orderBy: { field: 'timestamp', direction: 'desc' },
    limit,
  };
}

export function markStaffNoticeRead(uid: string, id: string) {
  return updateDocument([...noticesPath(uid), id], { isRead: true }, 'Could not mark it read');
}
