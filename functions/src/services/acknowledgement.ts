import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  minutesToAcknowledge,
  type AcknowledgeAssignmentResponse,
} from '@campus-safety/model';
import type { Caller } from '../platform/caller';
import { fail } from '../platform/errors';
import { millisOf } from '../platform/timestamps';
import { addEntry, timelineCollection } from './timeline';

/**
 * The assignee acknowledges their report (from the toast, the mail's link or the report): once,
 * at server time, with a timeline entry and the time to acknowledge derived from `assignedAt`
 * (what the dashboard's MTTA averages). Only the current assignee of a report in progress may;
 * a second call changes nothing and answers with the first acknowledgement.
 */
export async function acknowledgeAssignment(
  db: Firestore,
  input: { incidentId: string },
  caller: Caller,
  now: () => Date = () => new Date(),
): Promise<AcknowledgeAssignmentResponse> {
  const ref = db.collection(COLLECTIONS.incidentReports).doc(input.incidentId);
  return db.runTransaction(async (tx) => {
    const incident = (await tx.get(ref)).data();
    if (!incident || incident.isArchived === true)
      fail('not-found', 'This report no longer exists.');
    if ((incident.assignedTo as { id?: unknown } | undefined)?.id !== caller.uid)
      fail('permission-denied', 'Only the assignee of this report can acknowledge it.');
    const first = millisOf(incident.acknowledgedAt);
    if (first !== null)
      return {
        incidentId: ref.id,
        acknowledgedAt: new Date(first).toISOString(),
        alreadyAcknowledged: true,
      };
    if (incident.status !== 'Processing')
      fail('failed-precondition', 'Only a report in progress can be acknowledged.');
    const at = now();
    const assignedAt = millisOf(incident.assignedAt);
    tx.update(ref, {
      acknowledgedAt: Timestamp.fromDate(at),
      ...(assignedAt !== null
        ? { acknowledgeTimeInMinutes: minutesToAcknowledge(assignedAt, at.getTime()) }
        : {}),
    });
    addEntry(tx, timelineCollection(db, ref.id).doc(`acknowledged-${at.getTime()}`), {
      kind: 'acknowledged',
      at,
      actor: { uid: caller.uid, name: caller.displayName, role: caller.role },
      detail: `Acknowledged by ${caller.displayName || caller.uid}`,
    });
    return { incidentId: ref.id, acknowledgedAt: at.toISOString(), alreadyAcknowledged: false };
  });
}
