import { fromDateTimeLocal, PROGRAMME_TIME_ZONE } from '@campus-safety/model';
import { incidentScope, type IncidentScope } from '../../data/scopes';
import type { WhereSpec } from '../../data/spec';

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

export function looksLikeEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());
}

// Days are programme-zone days, like every date the console shows (an invalid day: Invalid Date).
function startOfDay(day: string, timeZone = PROGRAMME_TIME_ZONE): Date {
  return fromDateTimeLocal(`${day}T00:00:00`, timeZone) ?? new Date(NaN);
}
function endOfDay(day: string, timeZone = PROGRAMME_TIME_ZONE): Date {
  return fromDateTimeLocal(`${day}T23:59:59.999`, timeZone) ?? new Date(NaN);
}

/** Problems with the filter values themselves (shown next to the date fields). */
export function filterProblems(filters: IncidentFilters): Partial<Record<'from' | 'to', string>> {
  const problems: Partial<Record<'from' | 'to', string>> = {};
  if (filters.from && Number.isNaN(startOfDay(filters.from).getTime()))
    problems.from = 'Enter a valid date.';
  if (filters.to && Number.isNaN(endOfDay(filters.to).getTime()))
    problems.to = 'Enter a valid date.';
  if (!problems.from && !problems.to && filters.from && filters.to && filters.from > filters.to) {
    problems.to = 'The end date is before the start date.';
  }
  return problems;
}

/** Scope plus the chosen filters, newest first. A search that is an email becomes an equality filter on the reporter. */
export function incidentQuerySpec(
  scope: IncidentScope,
  filters: IncidentFilters,
  timeZone: string = PROGRAMME_TIME_ZONE,
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
  if (filters.tag) wheres.push({ field: 'tags', op: 'array-contains', value: filters.tag });
  const problems = filterProblems(filters);
  if (filters.from && !problems.from)
    wheres.push({ field: 'timestamp', op: '>=', value: startOfDay(filters.from, timeZone) });
  if (filters.to && !problems.to)
    wheres.push({ field: 'timestamp', op: '<=', value: endOfDay(filters.to, timeZone) });
  if (looksLikeEmail(filters.search))
    wheres.push({ field: 'email', op: '==', value: filters.search.trim() });
  return { wheres, orderBy: { field: 'timestamp', direction: 'desc' } };
}

export interface SearchableIncident {
  id: string;
  email?: string;
  description?: string;
  incidentType?: string;
  nearestCampus?: string;
  threatLevel?: string | null;
  tags?: string[];
  assignedTo?: { displayName?: string } | null;
}

/** Free-text search over the loaded rows: every word must appear somewhere in the report. */
export function matchesSearch(incident: SearchableIncident, search: string): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 || looksLikeEmail(search)) return true;
  const haystack = [
    incident.id,
    incident.email,
    incident.description,
    incident.incidentType,
    incident.nearestCampus,
    incident.threatLevel,
    incident.assignedTo?.displayName,
    ...(incident.tags ?? []),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words.every((w) => haystack.includes(w));
}
