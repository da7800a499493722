/**
 * `clery_records/{incidentId}`: an incident's Clery classification, and `legal_holds/{incidentId}`.
 * Both are written only by the server (callables of callables.ts, Admins only) and never removed
 * by housekeeping or TTL: a record is kept at least until `retainUntil`.
 */
import dayjs from 'dayjs';
import { z } from '../zod-config';
import type { CampusId } from '../campuses';
import { parseScheduledDate } from '../dates';
import type { TimestampLike } from '../entities';
import type { IncidentStatus } from '../status';
import { documentId, requiredText, typeError } from '../fields';
import deployment from '../deployment.json';
import { CLERY_GEOGRAPHIES, type CleryGeography } from './geography';
import {
  BIASES,
  CLERY_OFFENCES,
  VIOLATIONS,
  offencesProblem,
  type ClassifiedOffence,
  type Violation,
} from './offences';

/**
 * The statuses of a closed case. Any report is classified, open or closed (a crime log entry is due
 * within two business days of the report, 668.46(f)(2)); a crime classified while open keeps the
 * disposition "Open - under investigation" until staff update it once the case closes
 * (docs/clery.md#when).
 */
export const CLOSED_STATUSES = [
  'Resolved',
  'Declined',
] as const satisfies readonly IncidentStatus[];

/** Crime log dispositions; an unfounded report stays on the log but leaves the statistics. */
/** The disposition of a case still being investigated. */
export const OPEN_DISPOSITION = 'Open - under investigation';
export const DISPOSITIONS = [
  OPEN_DISPOSITION,
  'Closed - arrest',
  'Closed - referred for discipline',
  'Closed - referred to police',
  'Closed - no further action',
  'Unfounded',
] as const;
export type Disposition = (typeof DISPOSITIONS)[number];
export const UNFOUNDED: Disposition = 'Unfounded';

/** Why a crime log entry may be withheld (34 CFR 668.46(f)(3)). */
export const WITHHOLD_REASONS = ['victimConfidentiality', 'investigation'] as const;
export type WithholdReason = (typeof WITHHOLD_REASONS)[number];
export const WITHHOLD_REASON_LABELS: Readonly<Record<WithholdReason, string>> = {
  victimConfidentiality: 'Victim confidentiality',
  investigation: 'Ongoing investigation',
};

export const CLERY_ACTIONS = [
  'classified',
  'reclassified',
  'withheld',
  'released',
  'legalHoldSet',
  'legalHoldLifted',
  'fireRecorded',
  'fireRevised',
  'warningDecisionRecorded',
  'warningDecisionRevised',
  'emergencyTestRecorded',
  'emergencyTestRevised',
] as const;
export type CleryAction = (typeof CLERY_ACTIONS)[number];

/**
 * One line of a record's or hold's history: who did what, when, and why. Each is its own document
 * under the record or hold (CLERY_LOG), so no number of changes pushes an older one out.
 */
export interface CleryLogEntry<T = TimestampLike> {
  action: CleryAction;
  at: T;
  by: string;
  note: string | null;
}

export const CLERY_LIMITS = {
  text: 150,
  note: 500,
  /** Persons arrested or referred for one violation in one incident. */
  persons: 100,
} as const;

/**
 * The earliest "occurred at" a classification takes: the Clery Act's year (a date before it is a
 * typo such as 0099, not a crime this log can hold). The latest is the report's own time.
 */
export const CLERY_EARLIEST_OCCURRED_AT = new Date('1990-01-01T00:00:00Z');

export type PersonCounts = Record<Violation, number>;

export interface CleryRecord<T = TimestampLike> {
  incidentId: string;
  campus: CampusId;
  /** Copied from the report's `timestamp`: the crime log's "date reported" and the year it counts in. */
  reportedAt: T;
  /** When it happened, as staff learned it; null is "unknown". */
  occurredAt: T | null;
  /** Whether it is a crime (a crime log entry); the Clery statistics come from the fields below. */
  isCrime: boolean;
  offences: ClassifiedOffence[];
  arrests: PersonCounts;
  referrals: PersonCounts;
  geography: CleryGeography;
  noncampusProperty: string | null;
  generalLocation: string;
  nature: string;
  disposition: Disposition;
  /** With `Unfounded`: why it was withdrawn from the statistics (absent on older records). */
  unfoundedReason?: string | null;
  withheld: { reason: WithholdReason; note: string } | null;
  /** Records classified before the history became a sub-collection keep the lines they had. */
  log?: CleryLogEntry<T>[];
  classifiedAt: T;
  classifiedBy: string;
  retainUntil: T;
}

/** `legal_holds/{incidentId}`: while active, the incident cannot be archived. */
export interface LegalHold<T = TimestampLike> {
  active: boolean;
  reason: string;
  updatedAt: T;
  updatedBy: string;
  /** Holds set before the history became a sub-collection keep the lines they had. */
  log?: CleryLogEntry<T>[];
}

function checkedRetention(years: unknown): number {
  if (typeof years !== 'number' || !Number.isInteger(years) || years < 1 || years > 100)
    throw new RangeError('deployment.json: cleryRetentionYears must be whole years in 1..100.');
  return years;
}

/** Years a Clery record is kept after the calendar year it was reported in (deployment.json). */
export const CLERY_RETENTION_YEARS: number = checkedRetention(deployment.cleryRetentionYears);

/**
 * Until when a record reported at `reportedAt` is kept: the start of the calendar year
 * CLERY_RETENTION_YEARS after the year it was reported in (the year it is counted in), in
 * `timeZone`. With 7 years it outlives the three annual reports that show it, plus the three
 * years records must be kept after the last of them.
 */
export function retainUntilOf(reportedAt: Date | number, timeZone: string): Date {
  const local = dayjs(reportedAt).tz(timeZone);
  return local
    .startOf('year')
    .add(CLERY_RETENTION_YEARS + 1, 'year')
    .toDate();
}

const personCounts = (label: string) =>
  z.strictObject(
    Object.fromEntries(
      VIOLATIONS.map((v) => [
        v,
        z
          .number({ error: typeError(label, 'a number') })
          .int(`${label} must be whole persons.`)
          .min(0, `${label} cannot be negative.`)
          .max(CLERY_LIMITS.persons, `${label}: at most ${CLERY_LIMITS.persons} persons.`),
      ]),
    ) as Record<Violation, z.ZodNumber>,
    { error: typeError(label, `counts for ${VIOLATIONS.join(', ')}`) },
  );

export const occurredAtSchema = z
  .string({ error: typeError('Occurred at', 'a date and time') })
  .max(64, 'Occurred at must be a date and time.')
  .transform((value, ctx) => {
    const date = parseScheduledDate(value);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: 'Occurred at must be a date and time.' });
      return z.NEVER;
    }
    if (date < CLERY_EARLIEST_OCCURRED_AT) {
      ctx.addIssue({ code: 'custom', message: 'Occurred at must be in 1990 or later.' });
      return z.NEVER;
    }
    return date;
  })
  .nullable();

export const classifyIncidentSchema = z
  .strictObject({
    incidentId: documentId('Incident id'),
    isCrime: z.boolean({ error: typeError('Crime', 'yes or no') }),
    offences: z
      .array(
        z.strictObject({
          offence: z.enum(CLERY_OFFENCES, { error: 'Choose an offence of the list.' }),
          bias: z.enum(BIASES, { error: 'Choose a bias of the list.' }).nullable(),
        }),
        { error: typeError('Offences', 'a list') },
      )
      .max(CLERY_OFFENCES.length, 'Each offence once.'),
    arrests: personCounts('Arrests'),
    referrals: personCounts('Referrals'),
    geography: z.enum(CLERY_GEOGRAPHIES, { error: 'Choose a Clery geography.' }),
    noncampusProperty: z
      .string({ error: typeError('Noncampus property', 'text') })
      .max(CLERY_LIMITS.text)
      .nullable(),
    occurredAt: occurredAtSchema,
    generalLocation: requiredText('General location', CLERY_LIMITS.text),
    nature: requiredText('Nature', CLERY_LIMITS.text),
    disposition: z.enum(DISPOSITIONS, { error: 'Choose a disposition.' }),
    /** Why a report was found false or baseless; required with `Unfounded`, else absent or null. */
    unfoundedReason: z
      .string({ error: typeError('Why unfounded', 'text') })
      .max(CLERY_LIMITS.note)
      .nullish(),
  })
  .superRefine((input, ctx) => {
    const reason = input.unfoundedReason?.trim() ?? '';
    if (input.disposition === UNFOUNDED && reason === '')
      ctx.addIssue({
        code: 'custom',
        message: 'Say why the report is unfounded (who determined it, on what grounds).',
        path: ['unfoundedReason'],
      });
    if (input.disposition !== UNFOUNDED && reason !== '')
      ctx.addIssue({
        code: 'custom',
        message: 'Only an unfounded report has a reason for it.',
        path: ['unfoundedReason'],
      });
    const problem = offencesProblem(input.offences);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['offences'] });
    if (!input.isCrime && input.offences.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: 'An incident that is no crime has no offences.',
        path: ['offences'],
      });
  });

/** `reason` null releases a withheld entry; the note says why either way (it is logged). */
export const withholdCrimeLogEntrySchema = z.strictObject({
  incidentId: documentId('Incident id'),
  reason: z.enum(WITHHOLD_REASONS, { error: 'Choose why the entry is withheld.' }).nullable(),
  note: requiredText('Note', CLERY_LIMITS.note, { multiline: true }),
});

export const setLegalHoldSchema = z.strictObject({
  incidentId: documentId('Incident id'),
  active: z.boolean({ error: typeError('Hold', 'on or off') }),
  reason: requiredText('Reason', CLERY_LIMITS.note, { multiline: true }),
});
