import {
  COLLECTIONS,
  campusName,
  type Campuses,
  type StaffDirectoryEntry,
} from '@campus-safety/model';
import { entityConverter } from './firestore';
import { staffScope } from './scopes';
import type { DocSpec, QuerySpec } from './spec';

const converter = entityConverter<StaffDirectoryEntry>();

/**
 * Staff who can be assigned a report. Unordered (sort with `byFirstName`): an IMT's `campus ==`
 * query with an orderBy would need a composite index for a list of a few dozen people.
 */
export function staffDirectorySpec(
  role: string | null,
  campus: string | null,
): QuerySpec<StaffDirectoryEntry> {
  return { path: [COLLECTIONS.staffDirectory], converter, wheres: staffScope(role, campus) };
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

/**
 * A person as the assign and reassign dialogs offer them: "Maria Santos (IMT, Main Campus)", by
 * the campus's current name.
 */
export function staffOption(
  person: { id: string; displayName: string; role: string; campus: string | null },
  campuses: Campuses,
) {
  const campus = person.campus ? `, ${campusName(campuses, person.campus)}` : '';
  return { value: person.id, label: `${person.displayName} (${person.role}${campus})` };
}

/** One person's directory entry (the signed-in person's own, for "Assign to me"). */
export function staffEntrySpec(uid: string): DocSpec<StaffDirectoryEntry> {
  return { path: [COLLECTIONS.staffDirectory, uid], converter };
}
