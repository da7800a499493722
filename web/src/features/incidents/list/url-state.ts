import {
  CAMPUS_ID_PATTERN,
  INCIDENT_STATUSES,
  LIMITS,
  MAX_SEARCH_LENGTH,
  THREAT_LEVELS,
  incidentTypeKeySchema,
  isIsoDay,
  isOneOf,
} from '@campus-safety/model';
import type { PageBoundary } from '../../../data/spec';
import { EMPTY_FILTERS, type IncidentFilters } from './query-spec';

/**
 * The reports screen's view lives in the URL's search params, so a link shows the same view,
 * reload restores it and Back undoes the last change. The URL is read as untrusted input:
 * unknown values are dropped, not queried.
 */
/** The reports screen's two lists: what needs action (the default) and every report, newest first. */
export type ReportsList = 'triage' | 'all';

export interface IncidentView {
  /** `?view=all` for every report; the triage queues otherwise. */
  list: ReportsList;
  filters: IncidentFilters;
  /** 1-based page number; page 1 has no boundary. */
  page: number;
  /** Where this page starts (after a row) or ends (before a row). */
  boundary: PageBoundary | null;
  /** The report open in the detail panel. */
  openId: string | null;
}

export const FIRST_VIEW: IncidentView = {
  list: 'triage',
  filters: EMPTY_FILTERS,
  page: 1,
  boundary: null,
  openId: null,
};

/** URL parameter of each filter (short, readable names). */
const FILTER_PARAMS: Record<keyof IncidentFilters, string> = {
  search: 'q',
  status: 'status',
  campus: 'campus',
  threatLevel: 'threat',
  incidentType: 'type',
  tag: 'tag',
  from: 'from',
  to: 'to',
};

/** Which values a filter accepts from a URL. */
const ACCEPTS: Record<keyof IncidentFilters, (value: string) => boolean> = {
  search: (v) => v.length <= MAX_SEARCH_LENGTH,
  status: (v) => isOneOf(INCIDENT_STATUSES, v),
  campus: (v) => CAMPUS_ID_PATTERN.test(v),
  threatLevel: (v) => isOneOf(THREAT_LEVELS, v),
  // Any key an institution saved (its form only: an unknown one simply matches nothing).
  incidentType: (v) => incidentTypeKeySchema.safeParse(v).success,
  tag: (v) => v.trim().length > 0 && v.length <= LIMITS.tagName,
  from: isIsoDay,
  to: isIsoDay,
};

/** Deepest page a URL may name (25 rows a page: a million reports). */
const MAX_PAGE = 40_000;
/** Firestore's limit on a document id, in bytes; ids here are far shorter. */
const MAX_ID_LENGTH = 1500;

const validId = (id: string) => id.length > 0 && id.length <= MAX_ID_LENGTH && !id.includes('/');

/** `<seconds>.<nanoseconds>.<id>`: a Timestamp to the nanosecond, then the row's id. */
function formatBoundary(b: PageBoundary): string {
  return `${b.seconds}.${b.nanoseconds}.${b.id}`;
}

/** The last second a Firestore Timestamp can hold (9999-12-31T23:59:59Z); later ones throw. */
const MAX_TIMESTAMP_SECONDS = 253_402_300_799;

function parseBoundary(side: PageBoundary['side'], text: string | null): PageBoundary | null {
  const match = /^(\d{1,12})\.(\d{1,9})\.(.+)$/.exec(text ?? '');
  if (!match || !validId(match[3]!)) return null;
  const seconds = Number(match[1]);
  // A time no Timestamp can hold would throw in the query and take the screen down (issue 17 item 10).
  if (seconds > MAX_TIMESTAMP_SECONDS) return null;
  return { side, seconds, nanoseconds: Number(match[2]), id: match[3]! };
}

/**
 * Why the URL's page link was ignored (a cursor or page number that cannot be read), for a
 * notice above the list: the list then shows its first page instead of failing.
 */
export function pageLinkProblem(params: URLSearchParams): string | null {
  const named = ['after', 'before', 'page'].some((key) => params.has(key));
  if (!named || viewFromParams(params).boundary) return null;
  return 'The page in this link could not be read, so the list starts at its first page.';
}

export function viewFromParams(params: URLSearchParams): IncidentView {
  const filters = { ...EMPTY_FILTERS };
  for (const key of Object.keys(FILTER_PARAMS) as (keyof IncidentFilters)[]) {
    const value = params.get(FILTER_PARAMS[key]);
    if (value !== null && ACCEPTS[key](value)) filters[key] = value;
  }
  const boundary =
    parseBoundary('after', params.get('after')) ?? parseBoundary('before', params.get('before'));
  const page = Number(params.get('page'));
  const onPage = boundary && Number.isInteger(page) && page >= 2 && page <= MAX_PAGE;
  const openId = params.get('id');
  return {
    list: params.get('view') === 'all' ? 'all' : 'triage',
    filters,
    page: onPage ? page : 1,
    boundary: onPage ? boundary : null,
    openId: openId !== null && validId(openId) ? openId : null,
  };
}

/** The URL search params of a view: only what differs from the first, unfiltered page. */
export function paramsOfView(view: IncidentView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.list === 'all') params.set('view', 'all');
  for (const key of Object.keys(FILTER_PARAMS) as (keyof IncidentFilters)[]) {
    if (view.filters[key]) params.set(FILTER_PARAMS[key], view.filters[key]);
  }
  if (view.page > 1 && view.boundary) {
    params.set('page', String(view.page));
    params.set(view.boundary.side, formatBoundary(view.boundary));
  }
  if (view.openId) params.set('id', view.openId);
  return params;
}

/** The view after a filter changes: back to the first page (the report stays open). */
export function withFilter<K extends keyof IncidentFilters>(
  view: IncidentView,
  key: K,
  value: IncidentFilters[K],
): IncidentView {
  return { ...view, filters: { ...view.filters, [key]: value }, page: 1, boundary: null };
}

/** The next page starts after this page's last row. */
export function nextPageView(
  view: IncidentView,
  lastRow: Omit<PageBoundary, 'side'>,
): IncidentView {
  return { ...view, page: view.page + 1, boundary: { ...lastRow, side: 'after' } };
}

/** The previous page ends before this page's first row (page 1 needs no boundary). */
export function previousPageView(
  view: IncidentView,
  firstRow: Omit<PageBoundary, 'side'>,
): IncidentView {
  const page = Math.max(1, view.page - 1);
  return { ...view, page, boundary: page === 1 ? null : { ...firstRow, side: 'before' } };
}
