import { useMemo } from 'react';
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
  const go = (next: IncidentView) => setParams(paramsOfView(next));
  return {
    view,
    /** Why the URL's page was ignored, if it was. */
    pageLinkProblem: pageLinkProblem(params),
    setFilter: <K extends keyof IncidentFilters>(key: K, value: IncidentFilters[K]) =>
      go(withFilter(view, key, value)),
    showList: (list: ReportsList) => go({ ...view, list, page: 1, boundary: null }),
    clearFilters: () => go({ ...view, filters: EMPTY_FILTERS, page: 1, boundary: null }),
    nextPage: (lastRow: RowBoundary) => go(nextPageView(view, lastRow)),
    previousPage: (firstRow: RowBoundary) => go(previousPageView(view, firstRow)),
    open: (id: string) => go({ ...view, openId: id }),
    close: () => go({ ...view, openId: null }),
  };
}
