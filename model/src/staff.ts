import { isStaffRole } from './roles';
import type { StaffDirectoryEntry } from './entities';

/** `First Last`: how a person is named in lists, assignments and the reporter's notification. */
export function fullName(person: { firstName?: unknown; lastName?: unknown }): string {
  return [person.firstName, person.lastName]
    .filter((part): part is string => typeof part === 'string' && part.length > 0)
    .join(' ')
    .trim();
}

/**
 * The directory entry of `users/{uid}` (COLLECTIONS.staffDirectory), or null when the account is
 * not in the directory: app users, archived accounts and profiles without a staff role or email.
 * Only the fields the assign dialog needs; nothing else of the profile leaves `users`.
 */
export function staffDirectoryEntry(
  profile: Record<string, unknown> | undefined,
): StaffDirectoryEntry | null {
  if (!profile || profile.isArchived !== false || !isStaffRole(profile.role)) return null;
  if (typeof profile.email !== 'string' || typeof profile.firstName !== 'string') return null;
  const lastName = typeof profile.lastName === 'string' ? profile.lastName : '';
  return {
    firstName: profile.firstName,
    lastName,
    firstNameLowerCase: profile.firstName.toLowerCase(),
    displayName: fullName({ firstName: profile.firstName, lastName }),
    email: profile.email,
    role: profile.role,
    campus: typeof profile.campus === 'string' ? profile.campus : null,
  };
}

/**
 * Whether staff may read this incident report, as the rules' `incident_reports` read says: an
 * Admin every report, an IMT member the live reports of their own campus, nobody else.
 */
export function staffReadsIncident(
  caller: { role: string; campus: string | null },
  incident: { nearestCampus?: unknown; isArchived?: unknown },
): boolean {
  if (caller.role === 'Admin') return true;
  return (
    caller.role === 'IMT' &&
    caller.campus !== null &&
    incident.nearestCampus === caller.campus &&
    incident.isArchived === false
  );
}
