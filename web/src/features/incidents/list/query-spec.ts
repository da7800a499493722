import { fromDateTimeLocal, searchQuery } from '@campus-safety/model';
import { programmeTimeZone } from '../../../lib/institution';
import { incidentScope, type IncidentScope } from '../../../data/scopes';
import type { WhereSpec } from '../../../data/spec';

export interface IncidentQuerySpec {
  wheres: WhereSpec[];
  orderBy: { field: 'timestamp'; direction: 'desc' };
}

export interface IncidentFilters {
  status: string;
  campus: string;
  threatLevel: string;
  incidentType: string;
  tag: string;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  search: string;
}

export const EMPTY_FILTERS: IncidentFilters = {
  status: '',
  campus: '',
  threatLevel: '',
  incidentType: '',
  tag: '',
  from: '',
  to: '',
  search: '',
};

// Days are programme-zone days, like every date the console shows (an invalid day: Invalid Date).
function startOfDay(day: string, timeZone = programmeTimeZone()): Date {
  return fromDateTimeLocal(`${day}T00:00:00`, timeZone) ?? new Date(NaN);
}
function endOfDay(day: string, timeZone = programmeTimeZone()): Date {
  return fromDateTimeLocal(`${day}T23:59:59.999`, timeZone) ?? new Date(NaN);
}

export type FilterProblems = Partial<Record<'from' | 'to' | 'search' | 'tag', string>>;

/**
 * Problems with the filter values themselves (shown next to their fields); a filter with a problem
 * is left out of the query. Firestore allows one array filter per query, so search words (on
 * `keywords`) and a tag (on `tags`) cannot be combined: the tag says so.
 */
export function filterProblems(filters: IncidentFilters): FilterProblems {
  const problems: FilterProblems = {};
  const search = searchQuery(filters.search);
  if (search.problem) problems.search = search.problem;
  else if (search.words.length > 0 && filters.tag)
    problems.tag = 'A tag cannot be combined with search words: clear one of them.';
  if (filters.from && Number.isNaN(startOfDay(filters.from).getTime()))
    problems.from = 'Enter a valid date.';
  if (filters.to && Number.isNaN(endOfDay(filters.to).getTime()))
    problems.to = 'Enter a valid date.';
  if (!problems.from && !problems.to && filters.from && filters.to && filters.from > filters.to) {
    problems.to = 'The end date is before the start date.';
  }
  return problems;
}

/**
 * Scope plus the chosen filters, newest first. Search words match the server-kept `keywords` with
 * `array-contains-any`: a report with ANY of the words (Firestore's only multi-value array
 * filter), so the count and every page are exact (docs/console.md#search-and-the-url).
 */
export function incidentQuerySpec(
  scope: IncidentScope,
  filters: IncidentFilters,
  timeZone: string = programmeTimeZone(),
): IncidentQuerySpec {
  const wheres = [...incidentScope(scope)];
  const add = (field: string, value: string) => {
    if (value) wheres.push({ field, op: '==', value });
  };
  add('status', filters.status);
  // IMT is already held to its own campus.
  if (scope.role !== 'IMT') add('nearestCampus', filters.campus);
  add('threatLevel', filters.threatLevel);
  add('incidentType', filters.incidentType);
  const problems = filterProblems(filters);
  if (filters.tag && !problems.tag)
    wheres.push({ field: 'tags', op: 'array-contains', value: filters.tag });
  if (filters.from && !problems.from)
    wheres.push({ field: 'timestamp', op: '>=', value: startOfDay(filters.from, timeZone) });
  if (filters.to && !problems.to)
    wheres.push({ field: 'timestamp', op: '<=', value: endOfDay(filters.to, timeZone) });
  const { words } = searchQuery(filters.search);
  if (words.length > 0) wheres.push({ field: 'keywords', op: 'array-contains-any', value: words });
  return { wheres, orderBy: { field: 'timestamp', direction: 'desc' } };
}
