import type { CampusId, RosterStatus } from '@campus-safety/model';
import type { WhereSpec } from './spec';

/** The Roster screen's people filters (Admins): a name's beginning, a campus, a status. */
export interface RosterFilters {
  search: string;
  campus: CampusId | '';
  status: RosterStatus | '';
}

/** The highest code point Firestore orders: `name >= p` and `< p + END` is "begins with p". */
const PREFIX_END = '\uf8ff';

export function rosterPeopleWheres(filters: RosterFilters): WhereSpec[] {
  const prefix = filters.search.trim().toLowerCase();
  return [
    ...(filters.campus ? [{ field: 'campus', op: '==' as const, value: filters.campus }] : []),
    ...(filters.status ? [{ field: 'status', op: '==' as const, value: filters.status }] : []),
    ...(prefix
      ? [
          { field: 'nameLowerCase', op: '>=' as const, value: prefix },
          { field: 'nameLowerCase', op: '<' as const, value: prefix + PREFIX_END },
        ]
      : []),
  ];
}
