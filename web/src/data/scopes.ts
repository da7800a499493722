import { campusOf, type CampusId, type Campuses, type Role } from '@campus-safety/model';
import type { WhereSpec } from './spec';

/**
 * Every role scope of the console in one place. Security rules are not filters: a query must
 * carry the filters that make every document it could return readable by the caller, or the
 * whole query is refused. Each function says which filters a role's query of one collection needs.
 */

export interface IncidentScope {
  role: Role | null;
  uid: string;
  campus: string | null;
  archived: boolean;
}

/**
 * Incident reports: Admin reads everything by archived flag; IMT reads its own campus's live
 * reports; anyone else only what they reported.
 */
export function incidentScope(scope: IncidentScope): WhereSpec[] {
  if (scope.role === 'Admin') return [{ field: 'isArchived', op: '==', value: scope.archived }];
  if (scope.role === 'IMT') {
    return [
      { field: 'nearestCampus', op: '==', value: scope.campus ?? '' },
      { field: 'isArchived', op: '==', value: false },
    ];
  }
  return [{ field: 'reporterId', op: '==', value: scope.uid }];
}

/**
 * The top-level accomplishment copies (IMT: own campus, live only); null for roles that may not
 * read them at all (reporters), so no doomed query is sent.
 */
export function accomplishmentScope(
  role: Role | null,
  campus: string | null,
  archived: boolean,
): WhereSpec[] | null {
  if (role === 'Admin') return [{ field: 'isArchived', op: '==', value: archived }];
  if (role === 'IMT') {
    return [
      { field: 'report.campus', op: '==', value: campus ?? '' },
      { field: 'isArchived', op: '==', value: false },
    ];
  }
  return null;
}

/** An incident's own accomplishment reports: only Admins may read archived ones. */
export function incidentAccomplishmentScope(role: Role | null): WhereSpec[] {
  return role === 'Admin' ? [] : [{ field: 'isArchived', op: '==', value: false }];
}

/**
 * Which staff_directory entries a staff member may list to pick an assignee: Admins the whole
 * directory (live staff only: the user trigger keeps nobody else in it); IMT the entries of its
 * campus, as the rules require. Colleagues' users documents are private.
 */
export function staffScope(role: string | null, campus: string | null): WhereSpec[] {
  if (role === 'IMT') return [{ field: 'campus', op: '==', value: campus ?? '' }];
  return [];
}

/**
 * The campuses a role's screens cover, of the institution's `campuses`: Admin every campus (the
 * retired too: their history stays in view), IMT its own, anyone else none.
 */
export function staffCampuses(
  role: string | null,
  campus: string | null,
  campuses: Campuses,
): CampusId[] {
  if (role === 'Admin') return campuses.map((c) => c.id);
  const own = role === 'IMT' ? campusOf(campuses, campus) : null;
  return own ? [own.id] : [];
}

/**
 * The campuses a screen covers: the role's (staffCampuses), narrowed to one by a campus filter
 * (the reports list's, the dashboard's); an IMT's filter is ignored, its campus is fixed.
 */
export function campusesInScope(
  role: string | null,
  ownCampus: string | null,
  filter: string | null,
  campuses: Campuses,
): CampusId[] {
  const chosen = role !== 'IMT' ? campusOf(campuses, filter) : null;
  if (chosen) return [chosen.id];
  return staffCampuses(role, ownCampus, campuses);
}
