import { Timestamp } from 'firebase-admin/firestore';
import { ASSIGNMENT_NOTIFICATION_TYPE, COLLECTIONS, pagedReportLabel } from '@campus-safety/model';
import { eventDocId } from '../../domain/event-ids';
import { deliverMail } from '../../platform/mail';
import { deliverSms } from '../../platform/sms';
import { runOnce } from '../../platform/run-once';
import { deviceTokensOf } from '../user-refs';
import { actorOf } from '../timeline';
import type { AssignmentEvent, PagingDeps, PagingOutcome } from './deps';
import {
  acknowledgeSelfAssignment,
  assignmentPushes,
  queuedSends,
  recordNotTold,
  tellAssignee,
  tellPreviousAssignee,
  type QueuedSends,
} from './notices';
import { assigneeIdOf, pagingParties } from './parties';
import { currentCampuses } from '../settings';

/**
 * A report got an assignee (assigned, or reassigned to someone else): the assignee is told at
 * once, by a console notification (the live alert), a push to their devices, a mail and (to the
 * phone they proved) an SMS with the one-click acknowledge link, and the previous assignee of a
 * reassignment is told it moved. The assignee is found by uid and must be live, verified staff
 * with access to the report's campus; otherwise nothing is sent and the report's timeline says
 * why. "Assign to me" tells nobody and counts as acknowledged at once (it is not timed: MTTA
 * measures answering a page). The writes happen once per event (runOnce); the pushes follow the
 * run that wrote them; each queued mail is delivered once (deliverMail), retried with the event
 * when sending fails.
 */
export async function pageAssignee(
  deps: PagingDeps,
  event: AssignmentEvent,
): Promise<PagingOutcome> {
  const parties = await pagingParties(deps, event);
  if (!parties) return 'none';
  const { db } = deps;
  const { after } = event;
  const incidentRef = db.collection(COLLECTIONS.incidentReports).doc(event.incidentId);
  const label = pagedReportLabel(
    after,
    await currentCampuses(db, { knowing: after.nearestCampus }),
  );
  const sends = queuedSends(deps, event, parties);

  const run = await runOnce(
    db,
    { trigger: 'page-assignee', eventId: event.eventId },
    async (tx) => {
      const current = (await tx.get(incidentRef)).data();
      // A later reassignment superseded this one: its own event pages its assignee.
      if (!current || assigneeIdOf(current) !== parties.assigneeId) return 'stale' as const;
      const by = await actorOf(tx, db, parties.selfAssigned ? parties.assigneeId : after.updatedBy);
      const updates: Record<string, unknown> = {};
      if (!(current.assignedAt instanceof Timestamp))
        updates.assignedAt = Timestamp.fromDate(event.eventTime);

      let outcome: PagingOutcome;
      if (parties.selfAssigned) {
        const at = acknowledgeSelfAssignment(tx, deps, event, parties, by);
        if (!current.acknowledgedAt) updates.acknowledgedAt = Timestamp.fromDate(at);
        outcome = 'self-acknowledged';
      } else if (parties.refusal) {
        recordNotTold(tx, deps, event, parties, parties.refusal);
        outcome = `refused:${parties.refusal}`;
      } else {
        tellAssignee(tx, deps, event, parties, sends, label, by);
        outcome = 'paged';
      }
      if (parties.previous)
        tellPreviousAssignee(tx, deps, event, parties.previous, parties, sends, label);
      if (Object.keys(updates).length > 0) tx.update(incidentRef, updates);
      return outcome;
    },
  );

  if (run.duplicate) {
    // The writes happened on an earlier run; a send that failed then is retried now.
    await deliverQueued(deps, sends);
    return 'duplicate';
  }
  const outcome = run.result;
  if (outcome === 'stale') return outcome;
  for (const push of assignmentPushes(outcome === 'paged', parties, label))
    await deps.push.send(
      {
        tokens: deviceTokensOf(push.profile),
        owner: db.collection(COLLECTIONS.users).doc(push.uid),
      },
      {
        title: push.title,
        body: push.body,
        type: ASSIGNMENT_NOTIFICATION_TYPE,
        type_id: event.incidentId,
      },
      eventDocId(event.eventId, push.scope),
    );
  await deliverQueued(deps, sends);
  return outcome;
}

/**
 * Delivers each queued mail and the SMS, where they exist; the first mail failure is rethrown
 * after trying all (an SMS that failed is recorded as failed and not retried: platform/sms.ts).
 */
async function deliverQueued(deps: PagingDeps, sends: QueuedSends) {
  const [results] = await Promise.all([
    Promise.allSettled(
      [sends.assigned, sends.reassignedAway].map((ref) => deliverMail(ref, deps.mail)),
    ),
    sends.sms ? deliverSms(sends.sms, deps.sms) : undefined,
  ]);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
