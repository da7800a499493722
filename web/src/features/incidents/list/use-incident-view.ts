import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { PageBoundary } from '../../../data/spec';
import { EMPTY_FILTERS, type IncidentFilters } from './query-spec';
import {
  nextPageView,
  pageLinkProblem,
  paramsOfView,
  previousPageView,
  viewFromParams,
  withFilter,
  type IncidentView,
  type ReportsList,
} from './url-state';

type RowBoundary = Omit<PageBoundary, 'side'>;

/**
 * The reports screen's view, read from the URL, and the moves that change it. Every move is a
 * navigation (a history entry), so Back undoes it and the address can be shared.
 */
export function useIncidentView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewFromParams(params), [params]);
  // The view the last move asked for, until the URL shows it. A move starts from it, not from the
  // rendered view: two moves before the next render (a fast tab-and-type, a script filling the
  // filters) would otherwise each start from the same view, and the second would undo the first.
  const unrendered = useRef<IncidentView | null>(null);
  useEffect(() => {
    unrendered.current = null;
  }, [params]);
  const go = (move: (current: IncidentView) => IncidentView) => {
    const next = move(unrendered.current ?? view);
    unrendered.current = next;
    setParams(paramsOfView(next));
  };
  return {
    view,
    /** Why the URL's page was ignored, if it was. */
    pageLinkProblem: pageLinkProblem(params),
    setFilter: <K extends keyof IncidentFilters>(key: K, value: IncidentFilters[K]) =>
      go((current) => withFilter(current, key, value)),
    showList: (list: ReportsList) =>
      go((current) => ({ ...current, list, page: 1, boundary: null })),
    clearFilters: () =>
      go((current) => ({ ...current, filters: EMPTY_FILTERS, page: 1, boundary: null })),
    nextPage: (lastRow: RowBoundary) => go((current) => nextPageView(current, lastRow)),
    previousPage: (firstRow: RowBoundary) => go((current) => previousPageView(current, firstRow)),
    open: (id: string) => go((current) => ({ ...current, openId: id })),
    close: () => go((current) => ({ ...current, openId: null })),
  };
}
