import {
  campusName,
  COLLECTIONS,
  HANDOVER_LIMIT,
  HANDOVER_REASON_PREFIX,
  nextOnCallAfter,
  onCallPlanOf,
  type CallableInput,
  type HandOverReportsResponse,
  type OnCallSchedule,
} from '@campus-safety/model';
import type { Caller } from '../platform/caller';
import { fail } from '../platform/errors';
import { reassignReport, type ReassignDeps } from './reassignment';
import { currentCampuses } from './settings';

/** The HttpsError-like message of a refused reassignment, kept for the caller. */
function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * "Hand over my open reports" at the end of a shift: each report in progress assigned to the
 * caller is reassigned, with the handover note as the reason, to the chosen staff member or else
 * to the next person on call of the report's campus (not the caller). Each one goes through the
 * reassignment (its checks, timeline entry, the reporter's notice, and the pages of the new and
 * the previous assignee); a report that cannot move stays with the caller and says why.
 */
export async function handOverReports(
  deps: ReassignDeps & { now: () => Date },
  input: CallableInput<'handOverReports'>,
  caller: Caller,
): Promise<HandOverReportsResponse> {
  const { db } = deps;
  const open = await db
    .collection(COLLECTIONS.incidentReports)
    .where('assignedTo.id', '==', caller.uid)
    .where('isArchived', '==', false)
    .where('status', '==', 'Processing')
    .orderBy('timestamp', 'asc')
    .limit(HANDOVER_LIMIT)
    .get();
  if (open.empty) fail('failed-precondition', 'You have no reports in progress to hand over.');

  const nextByCampus = new Map<string, string | null>();
  const nextOnCall = async (campus: string) => {
    if (!nextByCampus.has(campus)) {
      const stored = (await db.collection(COLLECTIONS.onCallSchedules).doc(campus).get()).data();
      const plan = onCallPlanOf(stored as OnCallSchedule | undefined);
      const next = plan
        ? nextOnCallAfter(plan, deps.now().getTime(), deps.timeZone, caller.uid)
        : null;
      nextByCampus.set(campus, next?.uid ?? null);
    }
    return nextByCampus.get(campus)!;
  };

  const result: HandOverReportsResponse = { handedOver: [], kept: [] };
  const campuses = await currentCampuses(db);
  for (const doc of open.docs) {
    const campus = String(doc.get('nearestCampus'));
    const to = input.toUid ?? (await nextOnCall(campus));
    if (!to) {
      result.kept.push({
        incidentId: doc.id,
        reason: `Nobody else is on call for ${campusName(campuses, campus)}: choose a staff member.`,
      });
      continue;
    }
    try {
      await reassignReport(
        deps,
        { incidentId: doc.id, assigneeId: to, reason: `${HANDOVER_REASON_PREFIX}${input.note}` },
        caller,
      );
      result.handedOver.push({ incidentId: doc.id, assigneeId: to });
    } catch (error) {
      result.kept.push({ incidentId: doc.id, reason: reasonOf(error) });
    }
  }
  return result;
}
