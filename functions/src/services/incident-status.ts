import { FieldValue, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  campusName,
  ANONYMOUS_ACTOR,
  COLLECTIONS,
  MESSAGES,
  PUSH_TYPES,
  statusEntryDetail,
  type IncidentStatus,
  type TimelineKind,
  minutesBetween,
} from '@campus-safety/model';
import { eventDocId } from '../domain/event-ids';

import { notificationContent } from '../domain/notification-content';
import type { TimingField } from '../domain/status-change';
import type { PushSender } from '../push/sender';
import { knownTags, trustedAssigneeName } from './assignment';
import { findReporter, reporterPushTarget } from './reporter';
import { reportedAt } from '../platform/timestamps';
import { runOnce } from '../platform/run-once';
import { REPORTED_ENTRY_ID, actorOf, addEntry, timelineCollection } from './timeline';
import { currentCampuses } from './settings';

export interface StatusEvent {
  /** CloudEvent id: the notification and the push record are keyed by it. */
  eventId: string;
  /** When Firestore applied the write: the server time the timing fields and timeline use. */
  eventTime: Date;
  incidentId: string;
  incident: DocumentData;
  status: IncidentStatus;
  timing: TimingField | null;
}

export interface StatusDeps {
  db: Firestore;
  push: PushSender;
  timeZone: string;
}

export type StatusOutcome =
  'duplicate' | 'incident-gone' | 'already-recorded' | 'no-reporter' | 'notified';

const ENTRY_KINDS: Record<IncidentStatus, TimelineKind> = {
  Reported: 'reported',
  Processing: 'assigned',
  Responded: 'responded',
  Resolved: 'resolved',
  Declined: 'declined',
};

/**
 * The side effects of an incident reaching `status` (docs/requirements.md#status-machine): timing
 * field, timeline entry naming who acted (the reporter for a new report, else the uid the rules
 * made the staff write carry in `updatedBy`), the reporter's notification, and a push to the
 * reporter's devices. The writes happen once per event (runOnce); the push only follows the run
 * that wrote them. A new report whose "reported" entry exists already (the seed, an import) is
 * history: nothing is recorded or sent (a Reported one still gets the `escalatedAt: null` mark the
 * escalation scan selects on).
 */
export async function applyIncidentStatus(
  deps: StatusDeps,
  event: StatusEvent,
): Promise<StatusOutcome> {
  const { db } = deps;
  const incidentRef = db.collection(COLLECTIONS.incidentReports).doc(event.incidentId);
  const [reporter, campuses] = await Promise.all([
    findReporter(db, event.incidentId, event.incident),
    currentCampuses(db, { knowing: event.incident.nearestCampus }),
  ]);
  const at = reportedAt(event.incident);
  const assigneeName =
    event.status === 'Processing' ? await trustedAssigneeName(db, event.incident.assignedTo) : null;
  const content = notificationContent(
    event.status,
    {
      incidentType:
        typeof event.incident.incidentType === 'string' ? event.incident.incidentType : '',
      reportedAt: at ?? event.eventTime,
      assigneeName,
      declineReason:
        typeof event.incident.declineReason === 'string' ? event.incident.declineReason : null,
    },
    deps.timeZone,
  );
  const notificationId = eventDocId(event.eventId);

  const run = await runOnce(
    db,
    { trigger: 'incident-status', eventId: event.eventId },
    async (tx) => {
      // A report deleted before its trigger ran has nothing left to record or announce.
      if (!(await tx.get(incidentRef)).exists) return 'gone' as const;
      const timeline = timelineCollection(db, event.incidentId);
      const entryRef =
        event.status === 'Reported'
          ? timeline.doc(REPORTED_ENTRY_ID)
          : timeline.doc(eventDocId(event.eventId, ENTRY_KINDS[event.status]));
      // A new report is not escalated yet: `escalatedAt` stays null until its first escalation step.
      const unescalated =
        event.status === 'Reported' && event.incident.escalatedAt === undefined
          ? { escalatedAt: null }
          : {};
      if (event.status === 'Reported' && (await tx.get(entryRef)).exists) {
        if ('escalatedAt' in unescalated) tx.update(incidentRef, unescalated);
        return 'history' as const;
      }
      // The reporter of an anonymous report is never named, not even on the staff's timeline.
      const actor =
        event.status === 'Reported' && event.incident.anonymous === true
          ? ANONYMOUS_ACTOR
          : await actorOf(
              tx,
              db,
              event.status === 'Reported' ? event.incident.reporterId : event.incident.updatedBy,
            );
      // An assignment keeps only tags that exist (the rules cannot check each name).
      const tags = event.status === 'Processing' ? await knownTags(tx, db, event.incident) : null;
      addEntry(tx, entryRef, {
        kind: ENTRY_KINDS[event.status],
        at: event.eventTime,
        actor,
        status: event.status,
        detail: statusEntryDetail(event.status, {
          incidentType: event.incident.incidentType,
          campus: campusName(campuses, String(event.incident.nearestCampus ?? '')),
          assigneeName,
          declineReason: event.incident.declineReason,
        }),
      });
      // The assignment rates the report: its threat level is a change of its own.
      if (event.status === 'Processing' && typeof event.incident.threatLevel === 'string') {
        addEntry(tx, timeline.doc(eventDocId(event.eventId, 'threat-level')), {
          kind: 'threat-level',
          at: event.eventTime,
          actor,
          detail: `Threat level set to ${event.incident.threatLevel}`,
        });
      }
      const updates: Record<string, unknown> = { ...unescalated };
      if (event.timing && at)
        updates[event.timing] = minutesBetween(at.getTime(), event.eventTime.getTime());
      if (tags && tags.length !== (event.incident.tags?.length ?? 0)) updates.tags = tags;
      if (Object.keys(updates).length > 0) tx.update(incidentRef, updates);
      if (reporter) {
        tx.create(reporter.ref.collection(COLLECTIONS.notifications).doc(notificationId), {
          ...content,
          isRead: false,
          timestamp: FieldValue.serverTimestamp(),
          type: PUSH_TYPES.report,
          type_id: event.incidentId,
        });
      }
      return 'recorded' as const;
    },
  );

  if (run.duplicate) return 'duplicate';
  if (run.result === 'history') return 'already-recorded';
  if (run.result === 'gone') {
    logger.log('Incident report no longer exists; nothing to notify', { id: event.incidentId });
    return 'incident-gone';
  }
  if (!reporter) {
    logger.log(MESSAGES.noUserData);
    return 'no-reporter';
  }
  await deps.push.send(
    reporterPushTarget(reporter),
    {
      title: content.title,
      body: content.message,
      type: PUSH_TYPES.report,
      type_id: event.incidentId,
    },
    eventDocId(event.eventId, 'report'),
  );
  return 'notified';
}
