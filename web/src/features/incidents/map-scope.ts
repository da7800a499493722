import { CAMPUSES, isOneOf, type Campus } from '@campus-safety/model';

/** The campus areas a list can hold: IMT its own; others the filtered campus, else every one. */
export function campusesInScope(
  role: string | null,
  ownCampus: string | null,
  filter: string,
): Campus[] {
  const one = role === 'IMT' ? ownCampus : filter;
  return one && isOneOf(CAMPUSES, one) ? [one] : [...CAMPUSES];
}
