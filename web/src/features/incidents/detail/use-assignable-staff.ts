import { useLiveQuery } from '../../../data/live-query';
import { byFirstName, canBeAssigned, staffDirectorySpec } from '../../../data/staff-directory';
import { useAuth } from '../../../session/store';

/**
 * The staff the rules accept as assignees of a report of `reportCampus` (Admins, or IMT of that
 * campus), by first name, leaving out `except` (the current assignee, when reassigning).
 */
export function useAssignableStaff(reportCampus: string, except: string | null = null) {
  const role = useAuth((s) => s.profile?.role ?? null);
  const campus = useAuth((s) => s.profile?.campus ?? null);
  const list = useLiveQuery(staffDirectorySpec(role, campus));
  return {
    ...list,
    data: list.data
      .filter((p) => canBeAssigned(p, reportCampus) && p.id !== except)
      .sort(byFirstName),
  };
}
