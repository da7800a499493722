import { create } from 'zustand';
import type { IncidentScope } from '../../lib/incident-scope';
import { messageOf } from '../../lib/errors';
import { dashboardCountSpecs, type CountSpec } from './dashboard-spec';

export interface DashboardFigures {
  /** null until its aggregation answers. */
  total: number | null;
  averageResponseMinutes: number | null;
  averageWaitingMinutes: number | null;
  averagesLoaded: boolean;
  counts: (CountSpec & { count: number | null })[];
  loadedAt: Date;
}

interface DashboardState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  figures: DashboardFigures | null;
  error: string | null;
  load: (scope: IncidentScope) => Promise<void>;
}

let generation = 0;

/**
 * Aggregations are one-shot (not live); Refresh reloads them. Each figure shows as soon as its
 * own aggregation answers, so the first cards appear without waiting for the slowest query.
 */
export const useDashboard = create<DashboardState>((set, get) => ({
  status: 'idle',
  figures: null,
  error: null,
  load: async (scope) => {
    const mine = ++generation;
    const now = new Date();
    const specs = dashboardCountSpecs(scope, now);
    set({
      status: 'loading',
      error: null,
      figures: {
        total: null,
        averageResponseMinutes: null,
        averageWaitingMinutes: null,
        averagesLoaded: false,
        counts: specs.map((spec) => ({ ...spec, count: null })),
        loadedAt: now,
      },
    });
    const update = (change: (f: DashboardFigures) => DashboardFigures) => {
      const figures = get().figures;
      if (mine === generation && figures) set({ figures: change(figures) });
    };
    try {
      const { runCount, runAverages } = await import('./aggregations');
      await Promise.all([
        runAverages(scope).then((averages) =>
          update((f) => ({ ...f, ...averages, averagesLoaded: true })),
        ),
        ...specs.map((spec, index) =>
          runCount(spec.wheres).then((count) =>
            update((f) => ({
              ...f,
              counts: f.counts.map((c, i) => (i === index ? { ...c, count } : c)),
            })),
          ),
        ),
      ]);
      if (mine === generation) set({ status: 'ready' });
    } catch (error) {
      console.error('Dashboard aggregation failed', error);
      if (mine === generation) set({ status: 'error', error: messageOf(error) });
    }
  },
}));
