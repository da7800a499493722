/**
 * Response targets per threat level: how soon a report should be assigned (its waiting time) and
 * responded to (its response time). Triage colours waiting times against them, escalation fires
 * past the assignment target, and the dashboard counts the share handled within them. A report
 * is rated at assignment, so an unassigned report is judged by the `Unrated` target.
 * Admins edit them in the console (`settings/response_targets`, settings.ts); deployment.json
 * seeds the defaults, which apply while the setting is missing.
 */
import { z } from './zod-config';
import { THREAT_LEVELS, type ThreatLevel } from './catalog';
import deployment from './deployment.json';
import { isOneOf } from './lists';

export interface ResponseTarget {
  /** Report to assignment (`waitingTimeInMinutes`). */
  assignWithinMinutes: number;
  /** Report to Responded (`responseTimeInMinutes`). */
  respondWithinMinutes: number;
}

export const UNRATED = 'Unrated' as const;
export type TargetLevel = ThreatLevel | typeof UNRATED;
export const TARGET_LEVELS: readonly TargetLevel[] = [...THREAT_LEVELS, UNRATED];

export const RESPONSE_TARGET_LIMITS = { minMinutes: 1, maxMinutes: 10_080 } as const;

const targetMinutes = (label: string) =>
  z
    .number({ error: `${label} must be whole minutes.` })
    .int(`${label} must be whole minutes.`)
    .min(RESPONSE_TARGET_LIMITS.minMinutes, `${label} must be at least 1 minute.`)
    .max(
      RESPONSE_TARGET_LIMITS.maxMinutes,
      `${label} must be at most ${RESPONSE_TARGET_LIMITS.maxMinutes} minutes (a week).`,
    );

const targetSchema = (level: TargetLevel) =>
  z
    .object({
      assignWithinMinutes: targetMinutes(`${level}: assign within`),
      respondWithinMinutes: targetMinutes(`${level}: respond within`),
    })
    .strict()
    .refine((t) => t.assignWithinMinutes <= t.respondWithinMinutes, {
      message: `${level}: a report cannot be due for response before it is due for assignment.`,
    });

/** Every level's two targets, each whole minutes in 1..10080, assignment no later than response. */
export const responseTargetsSchema = z
  .object(
    Object.fromEntries(TARGET_LEVELS.map((l) => [l, targetSchema(l)])) as Record<
      TargetLevel,
      ReturnType<typeof targetSchema>
    >,
    { error: 'Response targets must name every threat level.' },
  )
  .strict();

export type ResponseTargets = Readonly<Record<TargetLevel, ResponseTarget>>;

/** The defaults (deployment.json): what applies until an Admin saves the setting. */
export const RESPONSE_TARGETS: ResponseTargets = responseTargetsSchema.parse(
  deployment.responseTargets,
);

/** The targets a stored setting names, or the defaults when it is missing or not valid. */
export function responseTargetsOf(stored: unknown): ResponseTargets {
  const parsed = responseTargetsSchema.safeParse(
    stored && typeof stored === 'object' ? (stored as { targets?: unknown }).targets : null,
  );
  return parsed.success ? parsed.data : RESPONSE_TARGETS;
}

/** The level a report's target is read from: its threat level, or Unrated when it has none. */
export function targetLevelOf(threatLevel: unknown): TargetLevel {
  return isOneOf(THREAT_LEVELS, threatLevel) ? threatLevel : UNRATED;
}

export function responseTargetFor(
  threatLevel: unknown,
  targets: ResponseTargets = RESPONSE_TARGETS,
): ResponseTarget {
  return targets[targetLevelOf(threatLevel)];
}

/** Past three quarters of a target a report is "due soon". */
export const DUE_SOON_SHARE = 0.75;
export type TargetState = 'within' | 'dueSoon' | 'overdue';

/** Where `elapsedMinutes` stands against `targetMinutes`. */
export function targetState(elapsedMinutes: number, targetMinutes: number): TargetState {
  if (elapsedMinutes > targetMinutes) return 'overdue';
  if (elapsedMinutes >= targetMinutes * DUE_SOON_SHARE) return 'dueSoon';
  return 'within';
}
