import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  campusName,
  COLLECTIONS,
  LIMITS,
  PUSH_TYPES,
  fullName,
  type ReassignReportResponse,
} from '@campus-safety/model';
import { notificationContent } from '../domain/notification-content';
import type { Caller } from '../platform/caller';
import { fail } from '../platform/errors';
import { reportedAt } from '../platform/timestamps';
import { HOUR_MS, nextWindowCount } from '../platform/windowed-count';
import type { PushSender } from '../push/sender';
import { findReporter, reporterPushTarget } from './reporter';
import { addEntry, timelineCollection } from './timeline';
import { currentCampuses } from './settings';

export interface ReassignDeps {
  db: Firestore;
  push: PushSender;
  emailVerified: (uid: string) => Promise<boolean>;
  timeZone: string;
  now?: () => Date;
}

/**
 * An Admin, or an IMT member of the report's campus, hands a report in progress to another staff
 * member of that campus with a reason: the assignee (named from their profile and directory
 * entry), a fresh assignment time and no acknowledgement (the new assignee acknowledges anew),
 * the reason kept for the pages, a timeline entry, and the reporter told who handles it now.
 * The page-assignee trigger then tells the new assignee and the previous one. At most
 * LIMITS.reassignmentsPerReportPerHour a window of an hour from the window's first (counted on the
 * report, in the same transaction, so calls side by side cannot pass it).
 */
export async function reassignReport(
  deps: ReassignDeps,
  input: { incidentId: string; assigneeId: string; reason: string },
  caller: Caller,
): Promise<ReassignReportResponse> {
  const { db } = deps;
  const ref = db.collection(COLLECTIONS.incidentReports).doc(input.incidentId);
  const profileRef = db.collection(COLLECTIONS.users).doc(input.assigneeId);
  const entryRef = db.collection(COLLECTIONS.staffDirectory).doc(input.assigneeId);
  // Checked before the transaction (Auth is not Firestore); an account verifies once for good.
  if (!(await deps.emailVerified(input.assigneeId)))
    fail('failed-precondition', 'That staff member has not verified their email address yet.');

  const at = (deps.now ?? (() => new Date()))();
  const campuses = await currentCampuses(db);
  const told = await db.runTransaction(async (tx) => {
    const [incidentSnap, profileSnap, entrySnap] = await tx.getAll(ref, profileRef, entryRef);
    const incident = incidentSnap!.data();
    if (!incident || incident.isArchived === true)
      fail('not-found', 'This report no longer exists.');
    const campus = incident.nearestCampus;
    if (caller.role !== 'Admin' && !(caller.role === 'IMT' && caller.campus === campus))
      fail('permission-denied', "Only Admins and the IMT of the report's campus can reassign it.");
    if (incident.status !== 'Processing')
      fail('failed-precondition', 'Only a report in progress can be reassigned.');
    const previous = incident.assignedTo as { id?: unknown; displayName?: unknown } | undefined;
    if (previous?.id === input.assigneeId)
      fail('failed-precondition', 'The report is already assigned to that staff member.');
    const window = nextWindowCount(incident.reassignment, at, HOUR_MS);
    if (window.inWindow > LIMITS.reassignmentsPerReportPerHour)
      fail(
        'resource-exhausted',
        `This report was reassigned ${LIMITS.reassignmentsPerReportPerHour} times within an hour, the most allowed. Ask its assignee or an Admin to take it over.`,
      );
    const profile = profileSnap!.data();
    const entry = entrySnap!.data();
    const eligible =
      profile &&
      entry &&
      profile.isArchived !== true &&
      (profile.role === 'Admin' || (profile.role === 'IMT' && profile.campus === campus));
    if (!eligible)
      fail(
        'failed-precondition',
        `The new assignee must be live staff with access to ${campusName(campuses, String(campus))}.`,
      );
    const name = fullName(profile) || String(entry.displayName);
    const from = typeof previous?.displayName === 'string' ? previous.displayName : 'nobody';
    tx.update(ref, {
      assignedTo: {
        id: input.assigneeId,
        displayName: String(entry.displayName),
        email: String(entry.email),
      },
      updatedBy: caller.uid,
      assignedAt: Timestamp.fromDate(at),
      acknowledgedAt: null,
      acknowledgeTimeInMinutes: FieldValue.delete(),
      reassignment: {
        reason: input.reason,
        fromId: typeof previous?.id === 'string' ? previous.id : null,
        byUid: caller.uid,
        at: Timestamp.fromDate(at),
        ...window,
      },
    });
    addEntry(tx, timelineCollection(db, ref.id).doc(`reassigned-${at.getTime()}`), {
      kind: 'reassigned',
      at,
      actor: { uid: caller.uid, name: caller.displayName, role: caller.role },
      detail: `Reassigned from ${from} to ${name}: ${input.reason}`,
    });
    const reporter = await findReporter(db, ref.id, incident);
    if (!reporter) return null;
    // The reporter reads who handles it now, named from the assignee's own profile.
    const content = notificationContent(
      'Processing',
      {
        incidentType: typeof incident.incidentType === 'string' ? incident.incidentType : '',
        reportedAt: reportedAt(incident) ?? at,
        assigneeName: name,
      },
      deps.timeZone,
    );
    tx.create(
      reporter.ref
        .collection(COLLECTIONS.notifications)
        .doc(`reassigned-${ref.id}-${at.getTime()}`),
      {
        ...content,
        isRead: false,
        timestamp: FieldValue.serverTimestamp(),
        type: PUSH_TYPES.report,
        type_id: ref.id,
      },
    );
    return { reporter, content };
  });
  if (told) {
    await deps.push.send(reporterPushTarget(told.reporter), {
      title: told.content.title,
      body: told.content.message,
      type: PUSH_TYPES.report,
      type_id: ref.id,
    });
  }
  return { incidentId: ref.id, assigneeId: input.assigneeId };
}
