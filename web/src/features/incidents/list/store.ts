import { create } from 'zustand';
import { FIRST_VIEW, type IncidentView } from './url-state';

export const PAGE_SIZE = 25;

interface IncidentListState extends IncidentView {
  /** Called by the reports screen whenever its URL changes (the URL is the source of truth). */
  show: (view: IncidentView) => void;
}

/**
 * The reports screen's current view (filters, page, open report), mirrored from its URL
 * (url-state.ts) so other parts of the screen (map, export) read the same filters. To change the
 * view, navigate (use-incident-view.ts); writing here would be undone by the next URL change.
 */
export const useIncidentList = create<IncidentListState>((set) => ({
  ...FIRST_VIEW,
  show: (view) => set(view),
}));
