import { COLLECTIONS, type RosterImportEntry, type RosterPerson } from '@campus-safety/model';
import { entityConverter } from './firestore';
import { rosterPeopleWheres, type RosterFilters } from './roster-filters';
import type { QuerySpec, TextPageBoundary } from './spec';

/** One page of the roster by name (`limit` one more than shown tells whether a next page exists). */
export function rosterPeopleSpec(
  filters: RosterFilters,
  limit: number,
  boundary: TextPageBoundary | null,
): QuerySpec<RosterPerson> {
  return {
    path: [COLLECTIONS.roster],
    converter: entityConverter<RosterPerson>(),
    wheres: rosterPeopleWheres(filters),
    orderBy: { field: 'nameLowerCase', direction: 'asc' },
    limit,
    boundary,
  };
}

/** The latest applied imports, newest first. */
export function rosterImportsSpec(limit: number): QuerySpec<RosterImportEntry> {
  return {
    path: [COLLECTIONS.rosterImports],
    converter: entityConverter<RosterImportEntry>(),
    wheres: [],
    orderBy: { field: 'at', direction: 'desc' },
    limit,
  };
}
