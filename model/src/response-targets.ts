/**
 * Response targets per threat level: how soon a report should be assigned (its waiting time) and
 * responded to (its response time). Triage colours waiting times against them, escalation fires
 * past the assignment target, and the dashboard counts the share handled within them. A report
 * is rated at assignment, so an unassigned report is judged by the `Unrated` target.
 * Configured once per deployment in deployment.json.
 */
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

function checkedTargets(
  configured: Record<string, ResponseTarget>,
): Record<TargetLevel, ResponseTarget> {
  for (const level of TARGET_LEVELS) {
    const target = configured[level];
    const valid = (n: unknown) =>
      typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 10_080;
    if (!target || !valid(target.assignWithinMinutes) || !valid(target.respondWithinMinutes)) {
      throw new RangeError(
        `deployment.json: responseTargets.${level} needs two whole minutes in 1..10080.`,
      );
    }
  }
  return configured as Record<TargetLevel, ResponseTarget>;
}

export const RESPONSE_TARGETS: Readonly<Record<TargetLevel, ResponseTarget>> = checkedTargets(
  deployment.responseTargets,
);

/** The level a report's target is read from: its threat level, or Unrated when it has none. */
export function targetLevelOf(threatLevel: unknown): TargetLevel {
  return isOneOf(THREAT_LEVELS, threatLevel) ? threatLevel : UNRATED;
}

export function responseTargetFor(threatLevel: unknown): ResponseTarget {
  return RESPONSE_TARGETS[targetLevelOf(threatLevel)];
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
