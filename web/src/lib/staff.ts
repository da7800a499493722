import type { WhereSpec } from './incident-scope';

/**
 * Which staff_directory entries a staff member may list to pick an assignee: Admins the whole
 * directory (live staff only: the user trigger keeps nobody else in it); IMT the entries of its
 * campus, as the rules require. Colleagues' users documents are private.
 */
export function staffScope(role: string | null, campus: string | null): WhereSpec[] {
  if (role === 'IMT') return [{ field: 'campus', op: '==', value: campus ?? '' }];
  return [];
}

/** Orders people by lower-case first name, as every list of people in the console. */
export function byFirstName(
  a: { firstNameLowerCase: string },
  b: { firstNameLowerCase: string },
): number {
  return a.firstNameLowerCase.localeCompare(b.firstNameLowerCase);
}

/** Whether a staff account may be assigned a report of `campus`: Admins anywhere, IMT on their own campus. */
export function canBeAssigned(
  person: { role: string; campus: string | null },
  campus: string,
): boolean {
  return person.role === 'Admin' || (person.role === 'IMT' && person.campus === campus);
}
