import { FieldValue, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import {
  ASSIGNED_TITLE,
  ASSIGNMENT_NOTIFICATION_TYPE,
  COLLECTIONS,
  PAGING_REFUSAL_TEXT,
  REASSIGNED_AWAY_TITLE,
  fullName,
  pagedReportLabel,
  pagingRefusal,
  type PagingRefusal,
} from '@campus-safety/model';
import { eventDocId } from '../domain/event-ids';
import { assignedMail, assignedSms, reassignedAwayMail } from '../domain/paging-mail';
import { deliverMail, queueMail, type MailTransport } from '../platform/mail';
import { deliverSms, queueSms, type SmsProvider } from '../platform/sms';
import { runOnce } from '../platform/run-once';
import { reportedAt } from '../platform/timestamps';
import type { PushSender } from '../push/sender';
import { actorOf, addEntry, timelineCollection } from './timeline';
import { deviceTokensOf, userIdOf } from './user-refs';

export interface PagingDeps {
  db: Firestore;
  push: PushSender;
  mail: (MailTransport & { from: string }) | null;
  sms: SmsProvider | null;
  /** Whether the Auth account of `uid` has verified its email (the truth, not a mirror). */
  emailVerified: (uid: string) => Promise<boolean>;
  /** The phone `uid` proved (for alerts, else their second factor), or null. */
  phoneOf: (uid: string) => Promise<string | null>;
  consoleUrl: string;
  timeZone: string;
}

export interface AssignmentEvent {
  eventId: string;
  /** When the assignment was committed. */
  eventTime: Date;
  incidentId: string;
  before: DocumentData;
  after: DocumentData;
}

export type PagingOutcome =
  'none' | 'duplicate' | 'stale' | 'self-acknowledged' | 'paged' | `refused:${PagingRefusal}`;

function assigneeIdOf(incident: DocumentData): string | null {
  return userIdOf((incident.assignedTo as { id?: unknown } | undefined)?.id);
}

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

/**
 * A report got an assignee (assigned, or reassigned to someone else): the assignee is told at
 * once, by a console notification (the live alert), a push to their devices, a mail and (to the
 * phone they proved) an SMS with the one-click acknowledge link, and the previous assignee of a reassignment is told it moved. The assignee is
 * found by uid and must be live, verified staff with access to the report's campus; otherwise
 * nothing is sent and the report's timeline says why. "Assign to me" tells nobody and counts as
 * acknowledged at once (it is not timed: MTTA measures answering a page). The writes happen once
 * per event (runOnce); the pushes follow the run that wrote them; each queued mail is delivered
 * once (deliverMail), retried with the event when sending fails.
 */
export async function pageAssignee(
  deps: PagingDeps,
  event: AssignmentEvent,
): Promise<PagingOutcome> {
  const { db } = deps;
  const { after } = event;
  const assigneeId = assigneeIdOf(after);
  const previousId = assigneeIdOf(event.before);
  if (after.status !== 'Processing' || !assigneeId || assigneeId === previousId) return 'none';

  const users = db.collection(COLLECTIONS.users);
  const incidentRef = db.collection(COLLECTIONS.incidentReports).doc(event.incidentId);
  const [profile, previousProfile] = await Promise.all([
    users
      .doc(assigneeId)
      .get()
      .then((s) => s.data()),
    previousId
      ? users
          .doc(previousId)
          .get()
          .then((s) => s.data())
      : undefined,
  ]);
  const selfAssigned = after.updatedBy === assigneeId;
  const refusal = selfAssigned
    ? null
    : pagingRefusal(
        profile,
        profile ? await deps.emailVerified(assigneeId) : false,
        after.nearestCampus,
      );
  // The previous assignee hears of the move while their account is live and verified, even if
  // their campus access went (often the very reason for the move).
  const previousRefusal =
    previousId && previousProfile
      ? pagingRefusal(previousProfile, await deps.emailVerified(previousId), previousProfile.campus)
      : 'no-account';
  const label = pagedReportLabel(after);
  const assigneeName = (profile && fullName(profile)) || assigneeId;
  const reason = reassignReason(after);
  const mailRef = db
    .collection(COLLECTIONS.mailMessages)
    .doc(eventDocId(event.eventId, 'assigned'));
  const previousMailRef = db
    .collection(COLLECTIONS.mailMessages)
    .doc(eventDocId(event.eventId, 'reassigned-away'));
  const smsRef = db.collection(COLLECTIONS.smsMessages).doc(eventDocId(event.eventId, 'assigned'));
  const phone = !selfAssigned && !refusal && deps.sms ? await deps.phoneOf(assigneeId) : null;
  const notificationId = `assigned-${eventDocId(event.eventId)}`;

  const run = await runOnce(
    db,
    { trigger: 'page-assignee', eventId: event.eventId },
    async (tx) => {
      const current = (await tx.get(incidentRef)).data();
      // A later reassignment superseded this one: its own event pages its assignee.
      if (!current || assigneeIdOf(current) !== assigneeId) return 'stale' as const;
      const by = selfAssigned
        ? await actorOf(tx, db, assigneeId)
        : await actorOf(tx, db, after.updatedBy);
      const timeline = timelineCollection(db, event.incidentId);
      const updates: Record<string, unknown> = {};
      if (!(current.assignedAt instanceof Timestamp))
        updates.assignedAt = Timestamp.fromDate(event.eventTime);

      let outcome: PagingOutcome;
      if (selfAssigned) {
        // Acknowledged with the assignment itself; a millisecond after it, so its entry follows
        // the assignment's in the timeline (entries of one instant sort by id).
        const at = new Date(event.eventTime.getTime() + 1);
        if (!current.acknowledgedAt) updates.acknowledgedAt = Timestamp.fromDate(at);
        addEntry(tx, timeline.doc(eventDocId(event.eventId, 'acknowledged')), {
          kind: 'acknowledged',
          at,
          actor: by,
          detail: `Acknowledged by ${assigneeName} on assigning it to themselves`,
        });
        outcome = 'self-acknowledged';
      } else if (refusal) {
        addEntry(tx, timeline.doc(eventDocId(event.eventId, 'paged')), {
          kind: 'paged',
          at: event.eventTime,
          actor: null,
          detail: `${assigneeName} was not told: ${PAGING_REFUSAL_TEXT[refusal]}`,
        });
        outcome = `refused:${refusal}`;
      } else {
        const message = `${ASSIGNED_TITLE}: ${label}`;
        tx.create(users.doc(assigneeId).collection(COLLECTIONS.notifications).doc(notificationId), {
          title: ASSIGNED_TITLE,
          message,
          color: 'red',
          icon: 'assignment_ind',
          isRead: false,
          timestamp: FieldValue.serverTimestamp(),
          type: ASSIGNMENT_NOTIFICATION_TYPE,
          type_id: event.incidentId,
          // What the console's alert names, from the report's checked fields.
          ...reportFacts(after),
        });
        queueMail(tx, mailRef, {
          to: String(profile!.email),
          ...assignedMail({
            incidentId: event.incidentId,
            label,
            reportedAt: reportedAt(after),
            assignedBy: by?.name || null,
            reason,
            consoleUrl: deps.consoleUrl,
            timeZone: deps.timeZone,
          }),
        });
        if (phone)
          queueSms(tx, smsRef, {
            to: phone,
            text: assignedSms({ incidentId: event.incidentId, label, consoleUrl: deps.consoleUrl }),
          });
        const devices = deviceTokensOf(profile).length;
        addEntry(tx, timeline.doc(eventDocId(event.eventId, 'paged')), {
          kind: 'paged',
          at: event.eventTime,
          actor: null,
          detail: `Told ${assigneeName}: console alert, email, ${phone ? 'SMS, ' : ''}push to ${devices} device${devices === 1 ? '' : 's'}`,
        });
        outcome = 'paged';
      }
      if (previousId && previousRefusal === null) {
        tx.create(
          users
            .doc(previousId)
            .collection(COLLECTIONS.notifications)
            .doc(`reassigned-${eventDocId(event.eventId)}`),
          {
            title: REASSIGNED_AWAY_TITLE,
            message: `${REASSIGNED_AWAY_TITLE}: ${label} is now with ${assigneeName}`,
            color: 'blue',
            icon: 'move_up',
            isRead: false,
            timestamp: FieldValue.serverTimestamp(),
            type: ASSIGNMENT_NOTIFICATION_TYPE,
            type_id: event.incidentId,
            ...reportFacts(after),
          },
        );
        queueMail(tx, previousMailRef, {
          to: String(previousProfile!.email),
          ...reassignedAwayMail({
            incidentId: event.incidentId,
            label,
            newAssignee: assigneeName,
            reason,
            consoleUrl: deps.consoleUrl,
          }),
        });
      }
      if (Object.keys(updates).length > 0) tx.update(incidentRef, updates);
      return outcome;
    },
  );

  if (run.duplicate) {
    // The writes happened on an earlier run; a send that failed then is retried now.
    await deliverQueued(deps, [mailRef, previousMailRef], smsRef);
    return 'duplicate';
  }
  const outcome = run.result;
  if (outcome === 'stale') return outcome;
  const pushes = [
    ...(outcome === 'paged'
      ? [
          {
            uid: assigneeId,
            profile,
            title: ASSIGNED_TITLE,
            body: `${ASSIGNED_TITLE}: ${label}`,
            scope: 'assigned',
          },
        ]
      : []),
    ...(previousId && previousRefusal === null
      ? [
          {
            uid: previousId,
            profile: previousProfile,
            title: REASSIGNED_AWAY_TITLE,
            body: `${REASSIGNED_AWAY_TITLE}: ${label} is now with ${assigneeName}`,
            scope: 'reassigned-away',
          },
        ]
      : []),
  ];
  for (const push of pushes) {
    await deps.push.send(
      { tokens: deviceTokensOf(push.profile), owner: users.doc(push.uid) },
      {
        title: push.title,
        body: push.body,
        type: ASSIGNMENT_NOTIFICATION_TYPE,
        type_id: event.incidentId,
      },
      eventDocId(event.eventId, push.scope),
    );
  }
  await deliverQueued(deps, [mailRef, previousMailRef], smsRef);
  return outcome;
}

/**
 * Delivers each queued mail and the SMS, where they exist; the first mail failure is rethrown
 * after trying all (an SMS that failed is recorded as failed and not retried: platform/sms.ts).
 */
async function deliverQueued(
  deps: PagingDeps,
  refs: FirebaseFirestore.DocumentReference[],
  sms: FirebaseFirestore.DocumentReference,
) {
  const [results] = await Promise.all([
    Promise.allSettled(refs.map((ref) => deliverMail(ref, deps.mail))),
    deliverSms(sms, deps.sms),
  ]);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
