import { FieldValue, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { COLLECTIONS, fullName, isStaffRole } from '@campus-safety/model';
import { eventDocId } from '../domain/event-ids';
import { messageNotification } from '../domain/message-notification';
import type { PushSender } from '../push/sender';
import { runOnce } from '../platform/run-once';
import { findReporter, reporterPushTarget } from './reporter';
import { userIdOf } from './user-refs';

export interface MessageEvent {
  /** CloudEvent id: the notification, the marker and the push record are keyed by it. */
  eventId: string;
  incidentId: string;
  messageId: string;
  message: DocumentData;
}

export interface ConversationDeps {
  db: Firestore;
  push: PushSender;
}

export type DeliveryOutcome =
  | 'duplicate'
  | 'incident-gone'
  | 'not-a-participant'
  | 'no-reporter'
  | 'reporter-notified'
  | 'staff-told';

/**
 * Takes a new message of an incident's conversation to the other side, once per event (runOnce):
 * - from staff: the message gets its author's name from their users doc (never client text); the
 *   reporter (found by uid) gets an in-app notification naming the author, then a push;
 * - from the reporter: the incident's unread count grows by one and `reporterReplied` is set, which
 *   the console's "Reporter replied" queue, navigation count and live alert follow.
 * The rules let only the report's reporter and its staff write; a message whose author is neither
 * (a server writer's mistake) is logged and delivered nowhere.
 */
export async function deliverMessage(
  deps: ConversationDeps,
  event: MessageEvent,
): Promise<DeliveryOutcome> {
  const { db } = deps;
  const incidentRef = db.collection(COLLECTIONS.incidentReports).doc(event.incidentId);
  const messageRef = incidentRef.collection(COLLECTIONS.messages).doc(event.messageId);
  const { authorUid, authorRole, text } = event.message as {
    authorUid?: unknown;
    authorRole?: unknown;
    text?: unknown;
  };
  const fromStaff = authorRole === 'staff';
  const authorId = fromStaff ? userIdOf(authorUid) : null;
  const author = authorId
    ? (await db.collection(COLLECTIONS.users).doc(authorId).get()).data()
    : undefined;
  const staffName = author && isStaffRole(author.role) ? fullName(author) || null : null;
  const incident = (await incidentRef.get()).data();
  const reporter =
    fromStaff && incident ? await findReporter(db, event.incidentId, incident) : null;
  const content = messageNotification(
    staffName,
    typeof text === 'string' ? text : '',
    event.incidentId,
  );

  const run = await runOnce(
    db,
    { trigger: 'incident-message', eventId: event.eventId },
    async (tx) => {
      const current = await tx.get(incidentRef);
      if (!current.exists) return 'gone' as const;
      if (fromStaff) {
        if (!staffName) return 'stranger' as const;
        tx.update(messageRef, { authorName: staffName });
        if (!reporter) return 'no-reporter' as const;
        tx.create(
          reporter.ref.collection(COLLECTIONS.notifications).doc(eventDocId(event.eventId)),
          {
            ...content.notification,
            isRead: false,
            timestamp: FieldValue.serverTimestamp(),
            type: content.push.type,
            type_id: event.incidentId,
          },
        );
        return 'notified' as const;
      }
      // The rules admit only the report's reporter; an anonymous one writes no uid at all.
      const fromReporter =
        current.get('anonymous') === true
          ? authorUid === undefined
          : authorUid === current.get('reporterId');
      if (authorRole !== 'reporter' || !fromReporter) return 'stranger' as const;
      tx.update(incidentRef, {
        unreadFromReporter: FieldValue.increment(1),
        reporterReplied: true,
      });
      return 'told' as const;
    },
  );

  if (run.duplicate) return 'duplicate';
  switch (run.result) {
    case 'gone':
      return 'incident-gone';
    case 'stranger':
      logger.error('Message author is not a participant of the conversation; not delivered', {
        incidentId: event.incidentId,
        messageId: event.messageId,
      });
      return 'not-a-participant';
    case 'no-reporter':
      logger.log('Reporter of the incident not found; message not delivered', {
        incidentId: event.incidentId,
      });
      return 'no-reporter';
    case 'told':
      return 'staff-told';
    case 'notified':
      await deps.push.send(
        reporterPushTarget(reporter!),
        content.push,
        eventDocId(event.eventId, 'message'),
      );
      return 'reporter-notified';
  }
}
