import { beforeEach, describe, expect, it, vi } from 'vitest';

let failStatus: string | null = null;
vi.mock('./aggregations', () => ({
  runAverages: async () => ({ total: 12, averageResponseMinutes: 30, averageWaitingMinutes: null }),
  runCount: async (wheres: { field: string; value: unknown }[]) => {
    const status = wheres.find((w) => w.field === 'status')?.value;
    if (status && status === failStatus) throw { code: 'permission-denied' };
    return status === 'Reported' ? 4 : 1;
  },
}));

import { useDashboard } from './store';

const admin = { role: 'Admin' as const, uid: 'a', campus: null, archived: false };

describe('dashboard store', () => {
  beforeEach(() => {
    failStatus = null;
    useDashboard.setState({ status: 'idle', figures: null, error: null });
  });

  it('fills every figure from its aggregation and ends ready', async () => {
    await useDashboard.getState().load(admin);
    const { status, figures } = useDashboard.getState();
    expect(status).toBe('ready');
    expect(figures?.total).toBe(12);
    expect(figures?.averageResponseMinutes).toBe(30);
    expect(figures?.averageWaitingMinutes).toBeNull();
    expect(figures?.counts.find((c) => c.label === 'Reported')?.count).toBe(4);
    expect(figures?.counts.every((c) => c.count !== null)).toBe(true);
  });

  it('reports a refused aggregation as readable text and keeps the figures that arrived', async () => {
    failStatus = 'Declined';
    await useDashboard.getState().load(admin);
    const { status, error, figures } = useDashboard.getState();
    expect(status).toBe('error');
    expect(error).toBe('You do not have permission to do this.');
    expect(figures?.total).toBe(12);
  });
});
