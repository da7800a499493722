/**
 * Who an assignment concerns: the assignee (told unless they assigned themselves or may not be
 * paged) and the previous assignee of a reassignment, each found by uid and checked.
 */
import type { DocumentData } from 'firebase-admin/firestore';
import { COLLECTIONS, fullName, pagingRefusal, type PagingRefusal } from '@campus-safety/model';
import { userIdOf } from '../user-refs';
import type { AssignmentEvent, PagingDeps } from './deps';

export function assigneeIdOf(incident: DocumentData): string | null {
  return userIdOf((incident.assignedTo as { id?: unknown } | undefined)?.id);
}

export interface PagingParties {
  assigneeId: string;
  assignee: DocumentData | undefined;
  assigneeName: string;
  /** "Assign to me": nobody is told, and it counts as acknowledged at once. */
  selfAssigned: boolean;
  /** Why the assignee may not be paged (null: they are told). */
  refusal: PagingRefusal | null;
  /** The phone the assignee proved, when they are told and SMS is configured. */
  phone: string | null;
  /** The previous assignee, when they are to hear the report moved. */
  previous: { uid: string; profile: DocumentData } | null;
}

/** The parties of an assignment event, or null when it gave the report no new assignee. */
export async function pagingParties(
  deps: PagingDeps,
  { before, after }: AssignmentEvent,
): Promise<PagingParties | null> {
  const assigneeId = assigneeIdOf(after);
  const previousId = assigneeIdOf(before);
  if (after.status !== 'Processing' || !assigneeId || assigneeId === previousId) return null;
  const users = deps.db.collection(COLLECTIONS.users);
  const [assignee, previousProfile] = await Promise.all([
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
        assignee,
        assignee ? await deps.emailVerified(assigneeId) : false,
        after.nearestCampus,
      );
  // The previous assignee hears of the move while their account is live and verified, even if
  // their campus access went (often the very reason for the move).
  const previousTold =
    previousId !== null &&
    previousProfile !== undefined &&
    pagingRefusal(previousProfile, await deps.emailVerified(previousId), previousProfile.campus) ===
      null;
  const told = !selfAssigned && !refusal;
  return {
    assigneeId,
    assignee,
    assigneeName: (assignee && fullName(assignee)) || assigneeId,
    selfAssigned,
    refusal,
    phone: told && deps.sms ? await deps.phoneOf(assigneeId) : null,
    previous: previousTold ? { uid: previousId, profile: previousProfile } : null,
  };
}
