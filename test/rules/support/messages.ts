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

/** Whose conversation: a report by its id, or `[collection, id]` (an emergency's). */
export type ConversationParent = string | readonly [string, string];

function parentPath(parent: ConversationParent): [string, string] {
  return typeof parent === 'string' ? [COLLECTIONS.incidentReports, parent] : [...parent];
}

/** `{parent}/message_pace/{uid}`. */
export function messagePaceRef(db: Firestore, parent: ConversationParent, uid: string) {
  return doc(db, ...parentPath(parent), COLLECTIONS.messagePace, uid);
}

export function messagesOf(db: Firestore, parent: ConversationParent) {
  return collection(db, ...parentPath(parent), COLLECTIONS.messages);
}

/** `{parent}/record_counts/messages`. */
export function messageCountRef(db: Firestore, parent: ConversationParent) {
  return doc(db, ...parentPath(parent), COLLECTIONS.recordCounts, 'messages');
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
 * A message as the console (staff) or the app (reporter, an emergency's person) sends it: in one
 * commit with the conversation's message count grown by one and the author's pace, each naming
 * the message.
 */
export function sendMessage(
  db: Firestore,
  parent: ConversationParent,
  author: { uid: string; role: 'reporter' | 'staff' },
  { changes = {}, count, counter = {}, pace = {}, withoutAuthorUid = false }: MessageWrite,
): Promise<void> {
  const batch = writeBatch(db);
  const message = doc(messagesOf(db, parent));
  batch.set(message, {
    text: 'Are you safe right now?',
    ...(withoutAuthorUid ? {} : { authorUid: author.uid }),
    authorRole: author.role,
    sentAt: serverTimestamp(),
    ...changes,
  });
  if (counter) batch.set(messageCountRef(db, parent), { count, lastId: message.id, ...counter });
  if (pace)
    batch.set(messagePaceRef(db, parent, author.uid), {
      windowStart: serverTimestamp(),
      sent: 1,
      lastId: message.id,
      ...pace,
    });
  return batch.commit();
}
