import {
  FieldValue,
  type DocumentData,
  type DocumentReference,
  type Firestore,
} from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  COLLECTIONS,
  CONVERSATION_PARENTS,
  PUSH_TYPES,
  fullName,
  isStaffRole,
  type ConversationKind,
  type PushType,
} from '@campus-safety/model';
import { eventDocId } from '../domain/event-ids';
import { messageNotification } from '../domain/message-notification';
import type { PushSender, PushTarget } from '../push/sender';
import { runOnce } from '../platform/run-once';
import { findReporter, reporterPushTarget } from './reporter';
import { deviceTokensOf, userIdOf } from './user-refs';

export interface MessageEvent {
  /** CloudEvent id: the notification, the marker and the push record are keyed by it. */
  eventId: string;
  /** Whose conversation: a report's or an emergency's (CONVERSATION_PARENTS). */
  kind: ConversationKind;
  /** The report's or the emergency's id. */
  parentId: string;
  messageId: string;
  message: DocumentData;
}

export interface ConversationDeps {
  db: Firestore;
  push: PushSender;
}

export type DeliveryOutcome =
  | 'duplicate'
  | 'parent-gone'
  | 'not-a-participant'
  | 'no-reporter'
  | 'reporter-notified'
  | 'staff-told';

/** Who receives a staff message: the person's users doc and their devices. */
interface Person {
  ref: DocumentReference;
  target: PushTarget;
}

/** What differs between a report's conversation and an emergency's; the rest is one flow. */
interface ConversationSide {
  /** The processed-event marker's trigger name (runOnce). */
  trigger: string;
  /** The push type the app opens the record by (the report, the emergency page). */
  pushType: PushType;
  /** Whether this users doc may write as staff here (the rules' staff of the record). */
  staffMay(author: DocumentData, parent: DocumentData): boolean;
  person(db: Firestore, parentId: string, parent: DocumentData): Promise<Person | null>;
  /** Whether a person-side message's author is the record's person. */
  fromPerson(authorUid: unknown, parent: DocumentData): boolean;
  /** What a person's message changes on the record, or null for nothing. */
  personWrote: Record<string, unknown> | null;
}

const SIDES: Record<ConversationKind, ConversationSide> = {
  incident: {
    trigger: 'incident-message',
    pushType: PUSH_TYPES.report,
    staffMay: (author) => isStaffRole(author.role),
    async person(db, parentId, parent) {
      const reporter = await findReporter(db, parentId, parent);
      return reporter && { ref: reporter.ref, target: reporterPushTarget(reporter) };
    },
    // The rules admit only the report's reporter; an anonymous one writes no uid at all.
    fromPerson: (authorUid, parent) =>
      parent.anonymous === true ? authorUid === undefined : authorUid === parent.reporterId,
    // The console's "Reporter replied" queue, navigation count and live alert follow these.
    personWrote: { unreadFromReporter: FieldValue.increment(1), reporterReplied: true },
  },
  emergency: {
    trigger: 'emergency-message',
    pushType: PUSH_TYPES.emergency,
    staffMay: (author, parent) =>
      author.role === 'Admin' || (author.role === 'IMT' && author.campus === parent.campus),
    async person(db, _parentId, parent) {
      const uid = userIdOf(parent.uid);
      if (!uid) return null;
      // A person who pressed SOS right after sign-up may have no profile yet: told in the app all
      // the same (no devices to push to).
      const user = await db.collection(COLLECTIONS.users).doc(uid).get();
      return { ref: user.ref, target: { tokens: deviceTokensOf(user.data()), owner: user.ref } };
    },
    fromPerson: (authorUid, parent) => authorUid === parent.uid,
    // The console's emergency page follows the chat live; the alarm is the emergency itself.
    personWrote: null,
  },
};

/**
 * Takes a new message of a conversation (a report's or an emergency's) to the other side, once
 * per event (runOnce):
 * - from staff: the message gets its author's name from their users doc (never client text); the
 *   person (the reporter found by uid, the emergency's person) gets an in-app notification naming
 *   the author, then a push that opens the record;
 * - from the person: on a report, its unread count grows by one and `reporterReplied` is set; on
 *   an emergency nothing more (staff watch it live).
 * The rules let only the record's person and its staff write; a message whose author is neither
 * (a server writer's mistake) is logged and delivered nowhere.
 */
export async function deliverMessage(
  deps: ConversationDeps,
  event: MessageEvent,
): Promise<DeliveryOutcome> {
  const { db } = deps;
  const side = SIDES[event.kind];
  const parentRef = db.collection(CONVERSATION_PARENTS[event.kind]).doc(event.parentId);
  const messageRef = parentRef.collection(COLLECTIONS.messages).doc(event.messageId);
  const { authorUid, authorRole, text } = event.message as {
    authorUid?: unknown;
    authorRole?: unknown;
    text?: unknown;
  };
  const fromStaff = authorRole === 'staff';
  const parent = (await parentRef.get()).data();
  const authorId = fromStaff ? userIdOf(authorUid) : null;
  const author = authorId
    ? (await db.collection(COLLECTIONS.users).doc(authorId).get()).data()
    : undefined;
  const staffName =
    author && parent && side.staffMay(author, parent) ? fullName(author) || null : null;
  const person = fromStaff && parent ? await side.person(db, event.parentId, parent) : null;
  const content = messageNotification(staffName, typeof text === 'string' ? text : '', {
    type: side.pushType,
    type_id: event.parentId,
  });

  const run = await runOnce(db, { trigger: side.trigger, eventId: event.eventId }, async (tx) => {
    const current = await tx.get(parentRef);
    if (!current.exists) return 'gone' as const;
    if (fromStaff) {
      if (!staffName) return 'stranger' as const;
      tx.update(messageRef, { authorName: staffName });
      if (!person) return 'no-reporter' as const;
      tx.create(person.ref.collection(COLLECTIONS.notifications).doc(eventDocId(event.eventId)), {
        ...content.notification,
        isRead: false,
        timestamp: FieldValue.serverTimestamp(),
        type: content.push.type,
        type_id: event.parentId,
      });
      return 'notified' as const;
    }
    if (authorRole !== 'reporter' || !side.fromPerson(authorUid, current.data()!))
      return 'stranger' as const;
    if (side.personWrote) tx.update(parentRef, side.personWrote);
    return 'told' as const;
  });

  if (run.duplicate) return 'duplicate';
  switch (run.result) {
    case 'gone':
      return 'parent-gone';
    case 'stranger':
      logger.error('Message author is not a participant of the conversation; not delivered', {
        kind: event.kind,
        parentId: event.parentId,
        messageId: event.messageId,
      });
      return 'not-a-participant';
    case 'no-reporter':
      logger.log('The person of the conversation was not found; message not delivered', {
        kind: event.kind,
        parentId: event.parentId,
      });
      return 'no-reporter';
    case 'told':
      return 'staff-told';
    case 'notified':
      await deps.push.send(person!.target, content.push, eventDocId(event.eventId, 'message'));
      return 'reporter-notified';
  }
}
