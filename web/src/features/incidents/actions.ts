import {
  canMoveStatus,
  isStaffRole,
  OPEN_STATUSES,
  type IncidentStatus,
  type Role,
} from '@campus-safety/model';

export type IncidentAction =
  'assign' | 'respond' | 'decline' | 'accomplish' | 'archive' | 'restore';

/**
 * What staff may do to a report in its current state (STATUS_TRANSITIONS); reporters only read.
 * Archived reports can only be restored, by an Admin.
 */
export function availableActions(
  incident: { status: IncidentStatus; isArchived: boolean },
  role: Role | null,
): IncidentAction[] {
  if (!isStaffRole(role)) return [];
  if (incident.isArchived) return role === 'Admin' ? ['restore'] : [];
  const actions: IncidentAction[] = [];
  if (canMoveStatus(incident.status, 'Processing')) actions.push('assign');
  if (canMoveStatus(incident.status, 'Responded')) actions.push('respond');
  if ((OPEN_STATUSES as readonly IncidentStatus[]).includes(incident.status))
    actions.push('accomplish');
  if (canMoveStatus(incident.status, 'Declined')) actions.push('decline');
  if (role === 'Admin') actions.push('archive');
  return actions;
}
