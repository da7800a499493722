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

/** A person's notifications (`users/{uid}/notifications`): staff notices, the reporter's. */
export function notificationsPath(uid: string) {
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
    path: notificationsPath(uid),
    converter: entityConverter<T>(),
    wheres: [{ field: 'type', op: '==', value: type }],
    orderBy: { field: 'timestamp', direction: 'desc' },
    limit,
  };
}

/** Marks one of a person's notifications read (the one change the rules allow its owner). */
export function markNotificationRead(uid: string, id: string) {
  return updateDocument(
    [...notificationsPath(uid), id],
    { isRead: true },
    'Could not mark it read',
  );
}
