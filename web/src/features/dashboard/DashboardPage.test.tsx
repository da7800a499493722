// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { DayStats } from '../../data/incident-day-stats';

const reads = vi.hoisted(() => ({ campuses: [] as unknown[], campusesStatus: 'ready' }));
vi.mock('../../lib/auth', () => ({ auth: {} }));
vi.mock('../../lib/db', () => ({ db: {} }));
vi.mock('../../lib/functions', () => ({ callFunction: vi.fn() }));
vi.mock('./Chart', () => ({ default: () => <div data-testid="chart" /> }));
// The saved campuses (settings/campuses), as the live listener gives them.
vi.mock('../../data/live-query', async (original) => {
  const { toStoredCampuses } = await import('@campus-safety/model');
  const { DEMO_CAMPUSES } = await import('@campus-safety/model/demo');
  const campuses = { campuses: toStoredCampuses(DEMO_CAMPUSES) };
  return {
    ...(await original<typeof import('../../data/live-query')>()),
    useLiveDoc: (spec: { path: string[] } | null) => ({
      status: spec?.path.join('/') === 'settings/campuses' ? reads.campusesStatus : 'ready',
      data:
        spec?.path.join('/') === 'settings/campuses' && reads.campusesStatus === 'ready'
          ? campuses
          : null,
      error: null,
      retry: () => undefined,
    }),
  };
});
vi.mock('../../data/incident-day-stats', () => ({
  useCampusDays: (campuses: readonly string[]) => {
    reads.campuses.push([...campuses]);
    const days: DayStats[] = campuses.map((campus) => ({
      campus,
      day: new Date().toISOString().slice(0, 10),
      total: 2,
      byStatus: { Reported: 2 },
    }));
    return { status: 'ready', error: null, days, retry: () => undefined };
  },
}));
vi.mock('../../data/campus-stats', () => ({
  useCampusStats: () => ({
    shown: true,
    status: 'ready',
    error: null,
    stats: [],
    retry: () => undefined,
  }),
}));

import { useAuth, type Profile } from '../../session/store';
import DashboardPage from './DashboardPage';

function renderAs(
  role: Profile['role'],
  campus: string | null,
  url: string,
  campusesStatus = 'ready',
) {
  reads.campuses = [];
  reads.campusesStatus = campusesStatus;
  useAuth.setState({ profile: { id: 'u1', role, campus } as Profile });
  const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardPage /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const reportsInPeriod = () =>
  screen.getByText('Reports in period', { exact: true }).nextElementSibling?.textContent;

describe('Trends and targets', () => {
  it('an IMT reads its own campus, and a campus in the URL leaves it', async () => {
    const router = renderAs('IMT', 'north', '/dashboard?period=30d&campus=main');
    expect(reads.campuses.at(-1)).toEqual(['north']);
    expect(reportsInPeriod()).toBe('2');
    await waitFor(() => expect(router.state.location.search).toBe('?period=30d'), {
      timeout: 10_000,
    });
  });

  it('an Admin reads every campus, or the one the URL names, and keeps it in the URL', async () => {
    const router = renderAs('Admin', null, '/dashboard?period=30d');
    expect(reads.campuses.at(-1)).toEqual(['main', 'north', 'riverside']);
    expect(reportsInPeriod()).toBe('6');
    router.navigate('/dashboard?period=30d&campus=main');
    // The machine may be busy: the re-render after the navigation is awaited, not timed.
    await waitFor(() => expect(reportsInPeriod()).toBe('2'), { timeout: 10_000 });
    expect(reads.campuses.at(-1)).toEqual(['main']);
    expect(router.state.location.search).toBe('?period=30d&campus=main');
  });

  it('while the campuses are loading it says so, not an institution without reports', () => {
    renderAs('Admin', null, '/dashboard?period=30d', 'loading');
    expect(screen.getByText('Loading figures…')).toBeTruthy();
    expect(screen.queryByText('Reports in period', { exact: true })).toBeNull();
  });
});
