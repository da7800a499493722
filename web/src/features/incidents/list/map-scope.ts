import { CAMPUSES, isOneOf, type Campus } from '@campus-safety/model';
import { staffCampuses } from '../../../data/scopes';

/** The campus areas a list can hold: the role's campuses, narrowed by a campus filter (not IMT's). */
export function campusesInScope(
  role: string | null,
  ownCampus: string | null,
  filter: string,
): Campus[] {
  if (role !== 'IMT' && isOneOf(CAMPUSES, filter)) return [filter];
  return staffCampuses(role, ownCampus);
}
