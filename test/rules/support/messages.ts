import { COLLECTIONS, type MessagePace, type RecordCount } from '@campus-safety/model';
import {
  collection,
  doc,
  serverTimestamp,
  writeBatch,
  type DocumentData,
  type FieldValue,
  type Firestore,
  type Timestamp,
} from 'firebase/firestore';
import { recordCountRef } from './record-counts';

/** `incident_reports/{reportId}/message_pace/{uid}`. */
export function messagePaceRef(db: Firestore, reportId: string, uid: string) {
  return doc(db, COLLECTIONS.incidentReports, reportId, COLLECTIONS.messagePace, uid);
}

export function messagesOf(db: Firestore, reportId: string) {
  return collection(db, COLLECTIONS.incidentReports, reportId, COLLECTIONS.messages);
}

export interface MessageWrite {
  /** What the message's fields become on top of a valid message of `uid` as `role`. */
  changes?: DocumentData;
  /** The report's message count after this message; null: not counted. */
  count: number;
  counter?: Partial<RecordCount> | null;
  /** The author's pace after this message (default: a new window starting now); null: not paced. */
  pace?: Partial<MessagePace<Timestamp | FieldValue>> | null;
  /** The message leaves out its author's uid, as the reporter of an anonymous report writes it. */
  withoutAuthorUid?: boolean;
}

/**
 * A message as the console (staff) or the app (reporter) sends it: in one commit with the
 * report's message count grown by one and the author's pace, each naming the message.
 */
export function sendMessage(
  db: Firestore,
  reportId: string,
  author: { uid: string; role: 'reporter' | 'staff' },
  { changes = {}, count, counter = {}, pace = {}, withoutAuthorUid = false }: MessageWrite,
): Promise<void> {
  const batch = writeBatch(db);
  const message = doc(messagesOf(db, reportId));
  batch.set(message, {
    text: 'Are you safe right now?',
    ...(withoutAuthorUid ? {} : { authorUid: author.uid }),
    authorRole: author.role,
    sentAt: serverTimestamp(),
    ...changes,
  });
  if (counter)
    batch.set(recordCountRef(db, reportId, 'messages'), { count, lastId: message.id, ...counter });
  if (pace)
    batch.set(messagePaceRef(db, reportId, author.uid), {
      windowStart: serverTimestamp(),
      sent: 1,
      lastId: message.id,
      ...pace,
    });
  return batch.commit();
}
