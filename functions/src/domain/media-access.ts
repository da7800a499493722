import { isStaffRole } from '@campus-safety/model';

/** What of a users doc decides which incident media its person may read (storage.rules). */
interface Access {
  role?: unknown;
  campus?: unknown;
  isArchived?: unknown;
}

const liveStaff = (a: Access | undefined) =>
  !!a && a.isArchived === false && isStaffRole(a.role) ? a : null;

/**
 * Whether a change of a users doc takes away media the person could read (docs/media.md#tokens):
 * they were live staff and are now archived, an app user, gone, an Admin made IMT, or IMT of
 * another campus. An IMT made Admin, or a change that leaves role and campus alone, takes nothing.
 */
export function mediaAccessEnded(before: Access | undefined, after: Access | undefined): boolean {
  const was = liveStaff(before);
  if (!was) return false;
  const now = liveStaff(after);
  if (!now) return true;
  if (now.role === 'Admin') return false;
  return was.role === 'Admin' || was.campus !== now.campus;
}
