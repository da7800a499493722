/**
 * Paging (issue 20): the assignee of a report is told at once and acknowledges; a report in
 * progress can be reassigned with a reason. The texts every channel says, the acknowledgement's
 * timing and the inputs of the two callables live here, one home for the functions and the
 * console.
 */
import { z } from './zod-config';
import { PUSH_TYPES, LIMITS } from './constants';
import { documentId, requiredText } from './fields';
import { campusName, type Campuses } from './campuses';
import { minutesBetween } from './minutes';
import { UNRATED } from './response-targets';

/** The type of the assignee's console notification and push (the console opens the report). */
export const ASSIGNMENT_NOTIFICATION_TYPE = PUSH_TYPES.assignment;

/** What a report looks like in every page: "<type> at <campus's current name> (<threat level>)". */
export function pagedReportLabel(
  incident: {
    incidentType?: unknown;
    nearestCampus?: unknown;
    threatLevel?: unknown;
  },
  campuses: Campuses,
): string {
  const type = typeof incident.incidentType === 'string' ? incident.incidentType : 'Incident';
  const campus =
    typeof incident.nearestCampus === 'string'
      ? campusName(campuses, incident.nearestCampus)
      : 'a campus';
  const level = typeof incident.threatLevel === 'string' ? incident.threatLevel : UNRATED;
  return `${type} at ${campus} (${level})`;
}

/** The title of the assignee's alert, the first words of the toast, push and mail. */
export const ASSIGNED_TITLE = 'Assigned to you';
/** The title of the previous assignee's notice when a report is reassigned away from them. */
export const REASSIGNED_AWAY_TITLE = 'Reassigned';

/**
 * Why an assignee was not told (recorded in the report's timeline): the assignee is found by
 * uid, must be a live staff account with a verified email and access to the report's campus.
 */
export type PagingRefusal =
  'no-account' | 'not-staff' | 'archived' | 'email-unverified' | 'no-campus-access';

export const PAGING_REFUSAL_TEXT: Record<PagingRefusal, string> = {
  'no-account': 'the assignee has no account',
  'not-staff': 'the assignee is not staff',
  archived: 'the assignee is archived',
  'email-unverified': "the assignee's email is not verified",
  'no-campus-access': "the assignee has no access to the report's campus",
};

/** Whether the account of `profile` may be paged about a report of `campus`; null when it may. */
export function pagingRefusal(
  profile: { role?: unknown; campus?: unknown; isArchived?: unknown } | undefined,
  emailVerified: boolean,
  campus: unknown,
): PagingRefusal | null {
  if (!profile) return 'no-account';
  if (profile.role !== 'Admin' && profile.role !== 'IMT') return 'not-staff';
  if (profile.isArchived === true) return 'archived';
  if (!emailVerified) return 'email-unverified';
  if (profile.role === 'IMT' && profile.campus !== campus) return 'no-campus-access';
  return null;
}

/**
 * Time to acknowledge, derived once when the assignee acknowledges: whole minutes from the
 * assignment (`assignedAt`) to the acknowledgement, the figure the dashboard's MTTA averages.
 */
export function minutesToAcknowledge(assignedAtMs: number, acknowledgedAtMs: number): number {
  return minutesBetween(assignedAtMs, acknowledgedAtMs);
}

/** The console's link to a report (the reports screen with it open). */
export function reportLink(consoleUrl: string, incidentId: string): string {
  const base = consoleUrl.replace(/\/+$/, '');
  return `${base}/reports?id=${encodeURIComponent(incidentId)}`;
}

/** The query parameter that asks the opened report to acknowledge the assignee's page. */
export const ACKNOWLEDGE_PARAM = 'acknowledge';

/**
 * The page's one-click link: the report, acknowledged on opening, and only by its signed-in,
 * unacknowledged assignee (acknowledgeAssignment checks the caller; anyone else, a mail scanner
 * included, only reaches the sign-in or sees the report). Acknowledging twice changes nothing.
 */
export function acknowledgeLink(consoleUrl: string, incidentId: string): string {
  return `${reportLink(consoleUrl, incidentId)}&${ACKNOWLEDGE_PARAM}=1`;
}

export const acknowledgeAssignmentSchema = z
  .object({ incidentId: documentId('Incident id') })
  .strict();

export const reassignReportSchema = z
  .object({
    incidentId: documentId('Incident id'),
    assigneeId: documentId('New assignee'),
    reason: requiredText('Reason', LIMITS.reassignReason),
  })
  .strict();

export interface AcknowledgeAssignmentResponse {
  incidentId: string;
  /** ISO time of the acknowledgement (the first one, when it was already acknowledged). */
  acknowledgedAt: string;
  alreadyAcknowledged: boolean;
}

export interface ReassignReportResponse {
  incidentId: string;
  assigneeId: string;
}
