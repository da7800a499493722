import { STAFF_ROLES, type UserProfile } from '@campus-safety/model';
import type { WhereSpec } from './incident-scope';

/**
 * Which accounts a staff member may list to pick an assignee: Admins list all live staff; IMT
 * only live IMT colleagues of its campus (the rules let IMT read no other accounts).
 */
export function staffScope(role: string | null, campus: string | null): WhereSpec[] {
  if (role === 'IMT') {
    return [
      { field: 'role', op: '==', value: 'IMT' },
      { field: 'campus', op: '==', value: campus ?? '' },
      { field: 'isArchived', op: '==', value: false },
    ];
  }
  return [
    { field: 'role', op: 'in', value: [...STAFF_ROLES] },
    { field: 'isArchived', op: '==', value: false },
  ];
}

/** Whether a staff account may be assigned a report of `campus`: Admins anywhere, IMT on their own campus. */
export function canBeAssigned(
  person: Pick<UserProfile, 'role' | 'campus'>,
  campus: string,
): boolean {
  return person.role === 'Admin' || (person.role === 'IMT' && person.campus === campus);
}
