import { create } from 'zustand';
import type { Cursor } from '../../data/spec';
import { EMPTY_FILTERS, type IncidentFilters } from './query-spec';

export const PAGE_SIZE = 25;

interface IncidentListState {
  filters: IncidentFilters;
  /** cursors[n] is the last row of page n (0-based); page n+1 starts after it. */
  cursors: Cursor[];
  page: number;
  setFilter: <K extends keyof IncidentFilters>(key: K, value: IncidentFilters[K]) => void;
  clearFilters: () => void;
  nextPage: (lastRow: Cursor) => void;
  previousPage: () => void;
  firstPage: () => void;
}

/** Filters and page of the incident list; changing a filter goes back to the first page. */
export const useIncidentList = create<IncidentListState>((set) => ({
  filters: EMPTY_FILTERS,
  cursors: [],
  page: 0,
  setFilter: (key, value) =>
    set((s) => ({ filters: { ...s.filters, [key]: value }, cursors: [], page: 0 })),
  clearFilters: () => set({ filters: EMPTY_FILTERS, cursors: [], page: 0 }),
  nextPage: (lastRow) =>
    set((s) => {
      const cursors = s.cursors.slice(0, s.page);
      cursors[s.page] = lastRow;
      return { cursors, page: s.page + 1 };
    }),
  previousPage: () => set((s) => ({ page: Math.max(0, s.page - 1) })),
  firstPage: () => set({ cursors: [], page: 0 }),
}));
