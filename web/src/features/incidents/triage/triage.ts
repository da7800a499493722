import {
  ESCALATION_LEVELS,
  HANDLED_STATUSES,
  RESPONSE_TARGETS,
  isOneOf,
  responseTargetFor,
  targetState,
  type EscalationLevel,
  type IncidentStatus,
  type ResponseTargets,
  type TargetState,
} from '@campus-safety/model';
import { incidentScope, type IncidentScope } from '../../../data/scopes';
import type { WhereSpec } from '../../../data/spec';

/**
 * The triage view of the reports screen: what needs action first. Unassigned reports (Reported)
 * come first, then the ones being handled, each oldest first (the longest wait on top). Two
 * queries, because Firestore cannot order "Reported before the rest"; each is one index scan.
 */
export const TRIAGE_QUEUES = [
  { key: 'waiting', title: 'Waiting for assignment', statuses: ['Reported'] },
  { key: 'handling', title: 'Being handled', statuses: HANDLED_STATUSES },
] as const satisfies readonly {
  key: string;
  title: string;
  statuses: readonly IncidentStatus[];
}[];
export type TriageQueue = (typeof TRIAGE_QUEUES)[number];

/** The role's scope plus the queue's statuses (one status: equality; several: `in`). */
export function triageWheres(scope: IncidentScope, queue: TriageQueue): WhereSpec[] {
  const [only, ...others] = queue.statuses;
  return [
    ...incidentScope({ ...scope, archived: false }),
    others.length === 0
      ? { field: 'status', op: '==', value: only }
      : { field: 'status', op: 'in', value: [only, ...others] },
  ];
}

/** The queue of reports with an unread reporter reply (data/reporter-replies.ts), shown first. */
export const REPORTER_REPLIED_QUEUE = { key: 'replied', title: 'Reporter replied' } as const;

export interface ResponseClock {
  /** What is being timed: assignment for unassigned reports, the response after that. */
  measure: 'Waiting' | 'Response';
  minutes: number;
  targetMinutes: number;
  state: TargetState;
  /** Whether the figure still grows (it stops once the report is responded to). */
  running: boolean;
  /** The level the server escalated to while its escalation is open, else null. */
  escalatedTo: EscalationLevel | null;
}

const MINUTE = 60_000;

/**
 * Where a report stands against its response target (model/src/response-targets.ts): an
 * unassigned report's wait against the assignment target of its level (Unrated until someone
 * rates it), an assigned one's time to response against the response target; null once closed.
 * `targets` are the ones in force (data/settings.ts), as housekeeping reads them. Once the server
 * has escalated the report (an open `escalation`) the clock says so, with the level told.
 */
export function responseClock(
  incident: {
    status: IncidentStatus;
    threatLevel?: string | null;
    timestamp?: { toMillis: () => number } | null;
    responseTimeInMinutes?: number | null;
    escalation?: { open?: unknown; level?: unknown } | null;
  },
  now: number,
  targets: ResponseTargets = RESPONSE_TARGETS,
): ResponseClock | null {
  const reportedAt = incident.timestamp?.toMillis();
  if (reportedAt === undefined) return null;
  const target = responseTargetFor(incident.threatLevel, targets);
  const escalation = incident.escalation;
  const escalatedTo =
    escalation?.open === true && isOneOf(ESCALATION_LEVELS, escalation.level)
      ? escalation.level
      : null;
  const elapsed = Math.max(0, Math.floor((now - reportedAt) / MINUTE));
  const clock = (
    measure: ResponseClock['measure'],
    minutes: number,
    targetMinutes: number,
    running: boolean,
  ): ResponseClock => ({
    measure,
    minutes,
    targetMinutes,
    state: targetState(minutes, targetMinutes),
    running,
    escalatedTo,
  });
  switch (incident.status) {
    case 'Reported':
      return clock('Waiting', elapsed, target.assignWithinMinutes, true);
    case 'Processing':
      return clock('Response', elapsed, target.respondWithinMinutes, true);
    case 'Responded':
      return clock(
        'Response',
        incident.responseTimeInMinutes ?? elapsed,
        target.respondWithinMinutes,
        false,
      );
    default:
      return null;
  }
}

export const TARGET_STATE_LABELS: Record<TargetState, string> = {
  within: 'Within target',
  dueSoon: 'Due soon',
  overdue: 'Overdue',
};

/** The id of a queue's heading (its section's label, and where focus goes after Assign to me). */
export function queueHeadingId(queue: { key: string }): string {
  return `triage-${queue.key}`;
}

/** The queue a report goes to when someone takes it. */
export const HANDLING_HEADING_ID = queueHeadingId(TRIAGE_QUEUES[1]);
