import type { DocumentSnapshot } from 'firebase-admin/firestore';

/**
 * When the write that fired a trigger was committed: the document's update time (the same
 * instant production stamps on the change), else the event's time. The event time alone is not
 * enough: Google's emulator stamps it at delivery, truncated to the second, which made the
 * waiting time a minute short whenever the report was just past a whole minute.
 */
export function commitTime(written: DocumentSnapshot | undefined, eventTime: string): Date {
  return written?.exists && written.updateTime ? written.updateTime.toDate() : new Date(eventTime);
}
