import { create } from 'zustand';
import type { IncidentScope } from '../../lib/incident-scope';
import { messageOf } from '../../lib/errors';
import { dashboardCountSpecs, type CountSpec } from './dashboard-spec';

export interface DashboardFigures {
  total: number;
  averageResponseMinutes: number | null;
  averageWaitingMinutes: number | null;
  counts: (CountSpec & { count: number })[];
  loadedAt: Date;
}

interface DashboardState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  figures: DashboardFigures | null;
  error: string | null;
  load: (scope: IncidentScope) => Promise<void>;
}

/** Aggregations are one-shot (not live); Refresh reloads them. */
export const useDashboard = create<DashboardState>((set) => ({
  status: 'idle',
  figures: null,
  error: null,
  load: async (scope) => {
    set({ status: 'loading', error: null });
    try {
      const { runCount, runAverages } = await import('./aggregations');
      const now = new Date();
      const specs = dashboardCountSpecs(scope, now);
      const [averages, counts] = await Promise.all([
        runAverages(scope),
        Promise.all(specs.map(async (spec) => ({ ...spec, count: await runCount(spec.wheres) }))),
      ]);
      set({ status: 'ready', figures: { ...averages, counts, loadedAt: now } });
    } catch (error) {
      console.error('Dashboard aggregation failed', error);
      set({ status: 'error', error: messageOf(error) });
    }
  },
}));
