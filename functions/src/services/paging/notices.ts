/**
 * What one assignment event writes for the people it concerns, inside its exactly-once
 * transaction: the console notification, mail and SMS of the assignee; the "moved" notice of the
 * previous assignee; the timeline entries. Every id derives from the event, so a retry finds
 * them written.
 */
import { FieldValue, type DocumentData, type Transaction } from 'firebase-admin/firestore';
import {
  ASSIGNED_TITLE,
  ASSIGNMENT_NOTIFICATION_TYPE,
  COLLECTIONS,
  PAGING_REFUSAL_TEXT,
  REASSIGNED_AWAY_TITLE,
  type PagingRefusal,
  type TimelineActor,
} from '@campus-safety/model';
import { eventDocId } from '../../domain/event-ids';
import { assignedMail, assignedSms, reassignedAwayMail } from '../../domain/paging-mail';
import { queueMail } from '../../platform/mail';
import { queueSms } from '../../platform/sms';
import { reportedAt } from '../../platform/timestamps';
import { addEntry, timelineCollection } from '../timeline';
import { deviceTokensOf } from '../user-refs';
import type { AssignmentEvent, PagingDeps } from './deps';
import type { PagingParties } from './parties';

/** The report as a page names it: type, campus and threat level (null when unrated). */
function reportFacts(incident: DocumentData) {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    incidentType: text(incident.incidentType),
    campus: text(incident.nearestCampus),
    threatLevel: text(incident.threatLevel),
  };
}

/** The reason an Admin or the campus's IMT gave when reassigning (written by reassignReport). */
function reassignReason(incident: DocumentData): string | null {
  const reason = (incident.reassignment as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' && reason.length > 0 ? reason : null;
}

/** The mail and SMS one event queues, by ids derived from it (no SMS without a proved phone). */
export function queuedSends(deps: PagingDeps, event: AssignmentEvent, parties: PagingParties) {
  const mail = deps.db.collection(COLLECTIONS.mailMessages);
  return {
    assigned: mail.doc(eventDocId(event.eventId, 'assigned')),
    reassignedAway: mail.doc(eventDocId(event.eventId, 'reassigned-away')),
    sms: parties.phone
      ? deps.db.collection(COLLECTIONS.smsMessages).doc(eventDocId(event.eventId, 'assigned'))
      : null,
  };
}

export type QueuedSends = ReturnType<typeof queuedSends>;

/**
 * "Assign to me": acknowledged with the assignment itself, a millisecond after it so its entry
 * follows the assignment's in the timeline (entries of one instant sort by id). Returns the
 * acknowledgement time to store.
 */
export function acknowledgeSelfAssignment(
  tx: Transaction,
  deps: PagingDeps,
  event: AssignmentEvent,
  parties: PagingParties,
  by: TimelineActor | null,
): Date {
  const at = new Date(event.eventTime.getTime() + 1);
  addEntry(
    tx,
    timelineCollection(deps.db, event.incidentId).doc(eventDocId(event.eventId, 'acknowledged')),
    {
      kind: 'acknowledged',
      at,
      actor: by,
      detail: `Acknowledged by ${parties.assigneeName} on assigning it to themselves`,
    },
  );
  return at;
}

/** The event's one `paged` timeline entry: whom it told and how, or why nobody. */
function addPagedEntry(tx: Transaction, deps: PagingDeps, event: AssignmentEvent, detail: string) {
  addEntry(
    tx,
    timelineCollection(deps.db, event.incidentId).doc(eventDocId(event.eventId, 'paged')),
    {
      kind: 'paged',
      at: event.eventTime,
      actor: null,
      detail,
    },
  );
}

/** The assignee may not be paged: the timeline says why, and nothing is sent. */
export function recordNotTold(
  tx: Transaction,
  deps: PagingDeps,
  event: AssignmentEvent,
  parties: PagingParties,
  refusal: PagingRefusal,
) {
  addPagedEntry(
    tx,
    deps,
    event,
    `${parties.assigneeName} was not told: ${PAGING_REFUSAL_TEXT[refusal]}`,
  );
}

/**
 * The assignee is told: a console notification (the live alert), a mail and, to the phone they
 * proved, an SMS, both with the one-click acknowledge link; the timeline names the channels.
 */
export function tellAssignee(
  tx: Transaction,
  deps: PagingDeps,
  event: AssignmentEvent,
  parties: PagingParties,
  sends: QueuedSends,
  label: string,
  by: TimelineActor | null,
) {
  const { after } = event;
  const users = deps.db.collection(COLLECTIONS.users);
  tx.create(
    users
      .doc(parties.assigneeId)
      .collection(COLLECTIONS.notifications)
      .doc(`assigned-${eventDocId(event.eventId)}`),
    {
      title: ASSIGNED_TITLE,
      message: `${ASSIGNED_TITLE}: ${label}`,
      color: 'red',
      icon: 'assignment_ind',
      isRead: false,
      timestamp: FieldValue.serverTimestamp(),
      type: ASSIGNMENT_NOTIFICATION_TYPE,
      type_id: event.incidentId,
      // What the console's alert names, from the report's checked fields.
      ...reportFacts(after),
    },
  );
  queueMail(tx, sends.assigned, {
    to: String(parties.assignee!.email),
    ...assignedMail({
      incidentId: event.incidentId,
      label,
      reportedAt: reportedAt(after),
      assignedBy: by?.name || null,
      reason: reassignReason(after),
      consoleUrl: deps.consoleUrl,
      timeZone: deps.timeZone,
    }),
  });
  if (sends.sms && parties.phone)
    queueSms(tx, sends.sms, {
      to: parties.phone,
      text: assignedSms({ incidentId: event.incidentId, label, consoleUrl: deps.consoleUrl }),
    });
  const devices = deviceTokensOf(parties.assignee).length;
  addPagedEntry(
    tx,
    deps,
    event,
    `Told ${parties.assigneeName}: console alert, email, ${sends.sms ? 'SMS, ' : ''}push to ${devices} device${devices === 1 ? '' : 's'}`,
  );
}

/** The previous assignee of a reassignment hears the report moved, and to whom. */
export function tellPreviousAssignee(
  tx: Transaction,
  deps: PagingDeps,
  event: AssignmentEvent,
  previous: NonNullable<PagingParties['previous']>,
  parties: PagingParties,
  sends: QueuedSends,
  label: string,
) {
  tx.create(
    deps.db
      .collection(COLLECTIONS.users)
      .doc(previous.uid)
      .collection(COLLECTIONS.notifications)
      .doc(`reassigned-${eventDocId(event.eventId)}`),
    {
      title: REASSIGNED_AWAY_TITLE,
      message: movedText(label, parties),
      color: 'blue',
      icon: 'move_up',
      isRead: false,
      timestamp: FieldValue.serverTimestamp(),
      type: ASSIGNMENT_NOTIFICATION_TYPE,
      type_id: event.incidentId,
      ...reportFacts(event.after),
    },
  );
  queueMail(tx, sends.reassignedAway, {
    to: String(previous.profile.email),
    ...reassignedAwayMail({
      incidentId: event.incidentId,
      label,
      newAssignee: parties.assigneeName,
      reason: reassignReason(event.after),
      consoleUrl: deps.consoleUrl,
    }),
  });
}

function movedText(label: string, parties: PagingParties) {
  return `${REASSIGNED_AWAY_TITLE}: ${label} is now with ${parties.assigneeName}`;
}

/** The pushes that follow the run that wrote the notices: to the paged and the moved-from. */
export function assignmentPushes(told: boolean, parties: PagingParties, label: string) {
  return [
    ...(told
      ? [
          {
            uid: parties.assigneeId,
            profile: parties.assignee,
            title: ASSIGNED_TITLE,
            body: `${ASSIGNED_TITLE}: ${label}`,
            scope: 'assigned',
          },
        ]
      : []),
    ...(parties.previous
      ? [
          {
            uid: parties.previous.uid,
            profile: parties.previous.profile,
            title: REASSIGNED_AWAY_TITLE,
            body: movedText(label, parties),
            scope: 'reassigned-away',
          },
        ]
      : []),
  ];
}
