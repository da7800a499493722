import {
  canMoveStatus,
  isStaffRole,
  HANDLED_STATUSES,
  type IncidentStatus,
  type Role,
} from '@campus-safety/model';
import { canBeAssigned } from '../../../data/staff-directory';

export type IncidentAction =
  'assign' | 'reassign' | 'respond' | 'decline' | 'accomplish' | 'archive' | 'restore' | 'reveal';

/**
 * What staff may do to a report in its current state (STATUS_TRANSITIONS); reporters only read.
 * Archived reports can only be restored, by an Admin.
 */
export function availableActions(
  incident: { status: IncidentStatus; isArchived: boolean; anonymous?: boolean },
  role: Role | null,
): IncidentAction[] {
  if (!isStaffRole(role)) return [];
  // Only an Admin may learn who filed an anonymous report, with a reason (docs/anonymity.md).
  const reveal: IncidentAction[] =
    role === 'Admin' && incident.anonymous === true ? ['reveal'] : [];
  if (incident.isArchived) return role === 'Admin' ? ['restore', ...reveal] : [];
  const actions: IncidentAction[] = [];
  if (canMoveStatus(incident.status, 'Processing')) actions.push('assign');
  // A report in progress changes hands through reassignReport, with a reason (Admins, and the
  // IMT of its campus: the only IMT who can see it).
  if (incident.status === 'Processing') actions.push('reassign');
  if (canMoveStatus(incident.status, 'Responded')) actions.push('respond');
  if ((HANDLED_STATUSES as readonly IncidentStatus[]).includes(incident.status))
    actions.push('accomplish');
  if (canMoveStatus(incident.status, 'Declined')) actions.push('decline');
  if (role === 'Admin') actions.push('archive');
  return [...actions, ...reveal];
}

/**
 * Whether "Assign to me" is offered: the report can still be assigned (STATUS_TRANSITIONS) and the
 * rules would take this person as its assignee (Admins anywhere, IMT on the report's campus).
 */
export function canAssignToSelf(
  incident: { status: IncidentStatus; isArchived: boolean; nearestCampus: string },
  me: { role: Role | null; campus: string | null } | null,
): boolean {
  if (!me || !availableActions(incident, me.role).includes('assign')) return false;
  return canBeAssigned({ role: me.role ?? '', campus: me.campus }, incident.nearestCampus);
}

/**
 * Whether the signed-in person is asked to acknowledge the report: they are its assignee, it is
 * in progress and nobody has acknowledged this assignment yet (the server checks the same).
 */
export function needsMyAcknowledgement(
  incident: {
    status: IncidentStatus;
    isArchived: boolean;
    assignedTo?: { id: string } | null;
    acknowledgedAt?: unknown;
  },
  uid: string | null,
): boolean {
  return (
    uid !== null &&
    !incident.isArchived &&
    incident.status === 'Processing' &&
    incident.assignedTo?.id === uid &&
    !incident.acknowledgedAt
  );
}
