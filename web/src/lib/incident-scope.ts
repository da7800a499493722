import type { Role } from '@campus-safety/model';

/** A Firestore filter as plain data, so role scoping and filters are tested without Firebase. */
export interface WhereSpec {
  field: string;
  op: '==' | '>=' | '<=' | '<' | 'array-contains' | 'in';
  value: string | boolean | Date | string[];
}

export interface IncidentScope {
  role: Role | null;
  uid: string;
  campus: string | null;
  archived: boolean;
}

/**
 * The filters each role's queries must carry, because security rules are not filters: Admin
 * reads everything by archived flag; IMT reads its own campus's live reports; anyone else only
 * what they reported.
 */
export function scopeFilters(scope: IncidentScope): WhereSpec[] {
  if (scope.role === 'Admin') return [{ field: 'isArchived', op: '==', value: scope.archived }];
  if (scope.role === 'IMT') {
    return [
      { field: 'nearestCampus', op: '==', value: scope.campus ?? '' },
      { field: 'isArchived', op: '==', value: false },
    ];
  }
  return [{ field: 'reporterId', op: '==', value: scope.uid }];
}
