/**
 * The Clery records of warnings that were not issued and of the annual test of the emergency
 * response (34 CFR 668.46(e) and (g); issue 21 item 3; docs/clery.md#warnings-and-tests). Issued
 * Timely Warnings and Emergency Notifications are the alerts' own record.
 */
import { z } from '../zod-config';
import { CAMPUS_LIMITS, campusIdSchema, type CampusId } from '../campuses';
import type { TimestampLike } from '../entities';
import { documentId, optionalText, requiredText, typeError } from '../fields';
import { parseScheduledDate } from '../dates';
import { CLERY_EARLIEST_OCCURRED_AT } from './record';

/** Longer text than a crime log column: a reason or a test's description is a paragraph. */
export const EMERGENCY_TEXT_LIMIT = 2000;

/**
 * `warning_decisions/{incidentId}`: the decision, on a reported crime, that it is not a serious
 * or continuing threat, so no Timely Warning is issued; with who decided, when and why.
 */
export interface WarningDecision<T = TimestampLike> {
  incidentId: string;
  campus: CampusId;
  /** Copied from the report: the year the decision is listed under. */
  reportedAt: T;
  reason: string;
  decidedAt: T;
  decidedBy: string;
  /** `First Last` of the Admin who decided, from their profile. */
  decidedByName: string;
  retainUntil: T;
}

export const recordWarningDecisionSchema = z.strictObject({
  incidentId: documentId('Incident id'),
  reason: requiredText('Reason', EMERGENCY_TEXT_LIMIT, { multiline: true }),
});

/** `emergency_tests/{id}`: one test of the emergency response and evacuation procedures. */
export interface EmergencyTest<T = TimestampLike> {
  testedAt: T;
  /** Announced in advance, or unannounced (the regulation asks which). */
  announced: boolean;
  campuses: CampusId[];
  description: string;
  followUp: string;
  recordedAt: T;
  recordedBy: string;
  recordedByName: string;
  retainUntil: T;
}

const testedAtSchema = z
  .string({ error: typeError('Tested at', 'a date and time') })
  .max(64, 'Tested at must be a date and time.')
  .transform((value, ctx) => {
    const date = parseScheduledDate(value);
    if (!date || date < CLERY_EARLIEST_OCCURRED_AT) {
      ctx.addIssue({
        code: 'custom',
        message: 'Tested at must be a date and time in 1990 or later.',
      });
      return z.NEVER;
    }
    return date;
  });

export const recordEmergencyTestSchema = z.strictObject({
  /** Absent: a new test; an id: that test, revised. */
  id: documentId('Test id').optional(),
  testedAt: testedAtSchema,
  announced: z.boolean({ error: typeError('Announced', 'yes or no') }),
  campuses: z
    .array(campusIdSchema, { error: typeError('Campuses', 'a list') })
    .min(1, 'Choose at least one campus.')
    .max(CAMPUS_LIMITS.campuses, 'Each campus once.')
    .refine((list) => new Set(list).size === list.length, 'Each campus once.'),
  description: requiredText('Description', EMERGENCY_TEXT_LIMIT, { multiline: true }),
  followUp: optionalText('Follow-up', EMERGENCY_TEXT_LIMIT, { multiline: true }),
});

export interface RecordEmergencyTestResponse {
  id: string;
}

/**
 * The campuses none of `tests` covered: the console lists a calendar year's tests, and a campus
 * without one that year has not had its annual test.
 */
export function campusesWithoutTest(
  tests: readonly { campuses: readonly CampusId[] }[],
  campuses: readonly CampusId[],
): CampusId[] {
  return campuses.filter((campus) => !tests.some((t) => t.campuses.includes(campus)));
}
