/**
 * Escalation of reports left unassigned past their response target, and the campus leads it
 * tells first.
 */
import { z } from './zod-config';
import { campusIdSchema } from './campuses';
import { PUSH_TYPES } from './constants';
import deployment from './deployment.json';
import type { TimestampLike } from './entities';
import {
  RESPONSE_TARGETS,
  TARGET_LEVELS,
  responseTargetFor,
  type ResponseTargets,
  targetLevelOf,
  type TargetLevel,
} from './response-targets';

/**
 * `campus_leads/{campus}`: the IMT member an Admin designated as the campus's lead, who is told
 * when a report of the campus waits past its assignment target. One per campus by construction.
 */
export interface CampusLead<T = TimestampLike> {
  uid: string;
  displayName: string;
  email: string;
  updatedAt: T;
}

/** Console notification and push `type` of an escalation (in `users/{uid}/notifications`). */
export const ESCALATION_NOTIFICATION_TYPE = PUSH_TYPES.escalation;

/**
 * Whether a report still unassigned should be escalated at `nowMs`: it has waited longer than
 * the assignment target of its threat level (Unrated when it has none).
 */
export function isEscalationDue(
  reportedAtMs: number,
  threatLevel: unknown,
  nowMs: number,
  targets: ResponseTargets = RESPONSE_TARGETS,
) {
  return (
    nowMs - reportedAtMs > responseTargetFor(threatLevel, targets).assignWithinMinutes * 60_000
  );
}

/**
 * Escalation policies per campus (issue 20 item 3). A report escalates while one of three
 * conditions holds; each condition has a start, and the policy's steps fire at minutes after it
 * (per threat level), each step telling one level, then the last step repeats a bounded number
 * of times. The condition ends (assigned, acknowledged, responded, closed) and so does its
 * escalation.
 */
export const ESCALATION_LEVELS = ['assignee', 'onCall', 'campusLead', 'admins'] as const;
export type EscalationLevel = (typeof ESCALATION_LEVELS)[number];

export const ESCALATION_LEVEL_LABELS: Record<EscalationLevel, string> = {
  assignee: 'Assignee',
  onCall: 'Campus on call',
  campusLead: 'Campus lead',
  admins: 'Admins',
};

export type EscalationCondition = 'unassigned' | 'unacknowledged' | 'unresponded';

export const ESCALATION_CONDITION_TEXT: Record<EscalationCondition, string> = {
  unassigned: 'unassigned past its target',
  unacknowledged: 'assigned but not acknowledged',
  unresponded: 'not responded past its target',
};

export interface EscalationStep {
  level: EscalationLevel;
  /** Minutes after the condition starts, per threat level (Unrated for a report without one). */
  afterMinutes: Record<TargetLevel, number>;
}

export interface EscalationPolicy {
  /** One per level, in ESCALATION_LEVELS order. */
  steps: EscalationStep[];
  /** The last step again every `everyMinutes`, `times` times, while the condition holds. */
  repeat: { everyMinutes: number; times: number };
}

/** `escalation_policies/{campus}`: written by `saveEscalationPolicy` (Admins) only. */
export interface EscalationPolicyDoc<T = TimestampLike> extends EscalationPolicy {
  campus: string;
  updatedAt: T;
  updatedBy: { uid: string; name: string };
}

export const ESCALATION_POLICY_LIMITS = {
  /** The latest a step may fire after its condition started: a week. */
  maxMinutes: 10_080,
  maxRepeatEveryMinutes: 1_440,
  maxRepeats: 5,
} as const;

const minutesField = (label: string) =>
  z
    .number({ error: `${label} must be whole minutes.` })
    .int(`${label} must be whole minutes.`)
    .min(0, `${label} must be 0 or more minutes.`)
    .max(
      ESCALATION_POLICY_LIMITS.maxMinutes,
      `${label} must be at most ${ESCALATION_POLICY_LIMITS.maxMinutes} minutes.`,
    );

export const escalationPolicySchema = z
  .object({
    steps: z
      .array(
        z
          .object({
            level: z.enum(ESCALATION_LEVELS),
            afterMinutes: z
              .object(
                Object.fromEntries(
                  TARGET_LEVELS.map((l) => [l, minutesField(`${l} minutes`)]),
                ) as Record<TargetLevel, ReturnType<typeof minutesField>>,
              )
              .strict(),
          })
          .strict(),
      )
      .length(ESCALATION_LEVELS.length, 'A policy has one step per level.')
      .refine(
        (steps) => steps.every((s, i) => s.level === ESCALATION_LEVELS[i]),
        'The steps go assignee, campus on call, campus lead, Admins.',
      )
      .refine(
        (steps) =>
          TARGET_LEVELS.every((l) =>
            steps.every((s, i) => i === 0 || s.afterMinutes[l] >= steps[i - 1]!.afterMinutes[l]),
          ),
        'Each level fires no earlier than the one before it.',
      ),
    repeat: z
      .object({
        everyMinutes: z
          .number({ error: 'Repeat interval must be whole minutes.' })
          .int('Repeat interval must be whole minutes.')
          .min(1, 'Repeat interval must be at least 1 minute.')
          .max(
            ESCALATION_POLICY_LIMITS.maxRepeatEveryMinutes,
            `Repeat interval is at most ${ESCALATION_POLICY_LIMITS.maxRepeatEveryMinutes} minutes.`,
          ),
        times: z
          .number({ error: 'Repeats must be a whole number.' })
          .int('Repeats must be a whole number.')
          .min(0, 'Repeats must be 0 or more.')
          .max(
            ESCALATION_POLICY_LIMITS.maxRepeats,
            `At most ${ESCALATION_POLICY_LIMITS.maxRepeats} repeats.`,
          ),
      })
      .strict(),
  })
  .strict();

export const saveEscalationPolicySchema = escalationPolicySchema
  .extend({ campus: campusIdSchema })
  .strict();

export type SaveEscalationPolicyInput = z.infer<typeof saveEscalationPolicySchema>;

export interface SaveEscalationPolicyResponse {
  campus: string;
}

/** The policy of a campus without its own (deployment.json seeds it). */
export const DEFAULT_ESCALATION_POLICY: EscalationPolicy = escalationPolicySchema.parse(
  deployment.escalationPolicy,
);

/** The policy a stored document names, or the default when it is missing or not valid. */
export function escalationPolicyOf(stored: unknown): EscalationPolicy {
  const parsed = escalationPolicySchema.safeParse(
    stored && typeof stored === 'object'
      ? { steps: (stored as EscalationPolicy).steps, repeat: (stored as EscalationPolicy).repeat }
      : null,
  );
  return parsed.success ? parsed.data : DEFAULT_ESCALATION_POLICY;
}

/** Every step of a policy for a threat level, repeats included: which level, minutes after start. */
export function escalationTimeline(
  policy: EscalationPolicy,
  threatLevel: unknown,
): { level: EscalationLevel; atMinutes: number }[] {
  const level = targetLevelOf(threatLevel);
  const steps = policy.steps.map((s) => ({ level: s.level, atMinutes: s.afterMinutes[level] }));
  const last = steps[steps.length - 1]!;
  for (let n = 1; n <= policy.repeat.times; n += 1)
    steps.push({ level: last.level, atMinutes: last.atMinutes + n * policy.repeat.everyMinutes });
  return steps;
}

/** How many of the steps are due `nowMs` for a condition that started at `startMs`. */
export function dueStepCount(
  policy: EscalationPolicy,
  threatLevel: unknown,
  startMs: number,
  nowMs: number,
): number {
  return escalationTimeline(policy, threatLevel).filter(
    (s) => startMs + s.atMinutes * 60_000 <= nowMs,
  ).length;
}

/**
 * `escalation` on a report (server-written): the escalation in progress, or the last one. `fired`
 * counts the steps of `escalationTimeline` told so far; `open` turns false when its condition ends.
 */
export interface ReportEscalation<T = TimestampLike> {
  condition: EscalationCondition;
  startedAt: T;
  fired: number;
  total: number;
  level: EscalationLevel;
  lastAt: T;
  /** Everyone told so far, whose notices are closed when the escalation ends. */
  recipients: string[];
  open: boolean;
  endedAt?: T;
}

/** The report facts a condition is read from (times in ms, null when unset). */
export interface EscalationFacts {
  status: unknown;
  isArchived: unknown;
  threatLevel: unknown;
  reportedAtMs: number | null;
  assignedAtMs: number | null;
  acknowledgedAtMs: number | null;
}

/**
 * The condition a report escalates for, and when it started; null when none holds. Unassigned
 * starts when the assignment target passes; unacknowledged at the assignment; unresponded when
 * the response target passes (an acknowledged report in progress). An assignment whose time is
 * not recorded yet has no unacknowledged clock: counting it from the report's time escalated a
 * report assigned a minute ago as if it had waited since it was filed (issue 28 item 4); the
 * console writes `assignedAt` with the assignment, and the paging step stamps it for any other
 * writer. `targets` are the deployment's current response targets (the setting; the defaults when
 * it is missing).
 */
export function escalationConditionOf(
  facts: EscalationFacts,
  targets: ResponseTargets = RESPONSE_TARGETS,
): { condition: EscalationCondition; startMs: number } | null {
  if (facts.isArchived !== false || facts.reportedAtMs === null) return null;
  const target = responseTargetFor(facts.threatLevel, targets);
  if (facts.status === 'Reported')
    return {
      condition: 'unassigned',
      startMs: facts.reportedAtMs + target.assignWithinMinutes * 60_000,
    };
  if (facts.status !== 'Processing') return null;
  if (facts.acknowledgedAtMs === null)
    return facts.assignedAtMs === null
      ? null
      : { condition: 'unacknowledged', startMs: facts.assignedAtMs };
  return {
    condition: 'unresponded',
    startMs: facts.reportedAtMs + target.respondWithinMinutes * 60_000,
  };
}
