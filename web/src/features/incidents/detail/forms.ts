import { LIMITS, THREAT_LEVELS, isOneOf } from '@campus-safety/model';
import { requiredText, type FieldErrors } from '../../../lib/validation';

export interface AssignInput {
  assigneeId: string;
  threatLevel: string;
  tags: string[];
}

export function validateAssign(
  input: AssignInput,
  staffIds: readonly string[],
): FieldErrors<keyof AssignInput> {
  return {
    assigneeId: staffIds.includes(input.assigneeId) ? undefined : 'Choose who handles this report.',
    threatLevel: isOneOf(THREAT_LEVELS, input.threatLevel) ? undefined : 'Choose a threat level.',
    tags:
      input.tags.length > LIMITS.tagsPerItem
        ? `Choose at most ${LIMITS.tagsPerItem} tags.`
        : undefined,
  };
}

export interface DeclineInput {
  reason: string;
  description: string;
}

/** `reasons`: the saved decline reasons (the declineReasons setting). */
export function validateDecline(
  input: DeclineInput,
  reasons: readonly string[],
): FieldErrors<keyof DeclineInput> {
  return {
    reason: reasons.includes(input.reason) ? undefined : 'Choose a reason.',
    description: requiredText(input.description, 'Description', LIMITS.declineDescription, {
      multiline: true,
    }),
  };
}

export interface ReassignInput {
  assigneeId: string;
  reason: string;
}

/** The reassignment: someone else than the current assignee, and a reason (reassignReportSchema). */
export function validateReassign(
  input: ReassignInput,
  staffIds: readonly string[],
  currentAssigneeId: string | null,
): FieldErrors<keyof ReassignInput> {
  return {
    assigneeId:
      input.assigneeId === currentAssigneeId
        ? 'Choose someone other than the current assignee.'
        : staffIds.includes(input.assigneeId)
          ? undefined
          : 'Choose who takes over this report.',
    reason: requiredText(input.reason, 'Reason', LIMITS.reassignReason, { multiline: true }),
  };
}
