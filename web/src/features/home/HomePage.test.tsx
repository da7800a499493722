// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveStats } from '../../data/campus-stats';

const stats = vi.hoisted(() => ({ current: null as unknown as LiveStats, calls: [] as unknown[] }));
vi.mock('../../lib/auth', () => ({ auth: {} }));
vi.mock('../../lib/db', () => ({ db: {} }));
vi.mock('../../data/live-query', async () => {
  const { toStoredCampuses } = await import('@campus-safety/model');
  const { DEMO_CAMPUSES } = await import('@campus-safety/model/demo');
  // The saved campuses (settings/campuses), as the live listener gives them.
  const campuses = { campuses: toStoredCampuses(DEMO_CAMPUSES) };
  return {
    useLiveQuery: () => ({ status: 'ready', data: [], error: null, retry: () => undefined }),
    useLiveDoc: (spec: { path: string[] } | null) => ({
      status: 'ready',
      data: spec?.path.join('/') === 'settings/campuses' ? campuses : null,
      error: null,
      retry: () => undefined,
    }),
  };
});
// The set-up checklist has its own tests (setup-checklist.test.ts).
vi.mock('./SetupChecklist', () => ({ SetupChecklist: () => null }));
vi.mock('../../data/campus-stats', () => ({
  useCampusStats: (...args: unknown[]) => {
    stats.calls.push(args);
    return stats.current;
  },
}));

import { useAuth, type Profile } from '../../session/store';
import HomePage from './HomePage';

function renderAs(role: Profile['role'], campus: string | null) {
  useAuth.setState({ profile: { id: 'u1', role, campus } as Profile });
  const router = createMemoryRouter([{ path: '/', element: <HomePage /> }]);
  render(<RouterProvider router={router} />);
}

const card = (label: string) =>
  screen.getByText(label, { exact: true }).nextElementSibling?.textContent;

describe('Home', () => {
  beforeEach(() => {
    stats.calls = [];
  });

  it('Admin sees every campus summed, the campus breakdown and the averages', () => {
    stats.current = {
      shown: true,
      retry: () => undefined,
      status: 'ready',
      error: null,
      stats: [
        {
          campus: 'main',
          total: 4,
          byStatus: { Reported: 3, Processing: 1 },
          waitingTimeInMinutes: { sum: 30, count: 1 },
        },
        { campus: 'north', total: 2, byStatus: { Reported: 2 } },
      ],
    };
    renderAs('Admin', null);
    expect(stats.calls[0]).toEqual(['Admin', null]);
    expect(screen.getByRole('heading', { name: 'Server trigger failures' })).toBeInTheDocument();
    expect(card('All live reports')).toBe('6');
    expect(card('Incident Reported')).toBe('5');
    expect(card('Average waiting time')).toBe('30 min');
    expect(card('Average response time')).toBe('—');
    const campuses = screen.getByRole('region', { name: 'By campus' });
    expect(
      within(campuses).getByText('North Campus').nextElementSibling?.nextElementSibling,
    ).toHaveTextContent('2');
  });

  it('IMT sees its campus without a campus breakdown', () => {
    stats.current = {
      shown: true,
      retry: () => undefined,
      status: 'ready',
      error: null,
      stats: [{ campus: 'north', total: 2, byStatus: { Reported: 2 } }],
    };
    renderAs('IMT', 'north');
    expect(stats.calls[0]).toEqual(['IMT', 'north']);
    expect(card('All live reports')).toBe('2');
    expect(screen.queryByRole('region', { name: 'By campus' })).toBeNull();
    expect(screen.getByRole('region', { name: 'By threat level' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Server trigger failures' })).toBeNull();
  });

  it('shows a refused or failed stats listener as an error', () => {
    stats.current = {
      shown: true,
      retry: () => undefined,
      status: 'error',
      error: 'You do not have permission to do this.',
      stats: [],
    };
    renderAs('Admin', null);
    expect(screen.getByText('You do not have permission to do this.')).toBeInTheDocument();
    expect(screen.queryByText('All live reports')).toBeNull();
  });

  it('other roles see only their latest reports', () => {
    stats.current = {
      shown: false,
      status: 'ready',
      error: null,
      stats: [],
      retry: () => undefined,
    };
    renderAs('User', null);
    expect(screen.queryByText('All live reports')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Latest incidents' })).toBeInTheDocument();
  });
});
