// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEntry } from '../../../data/live-query';

/** The live result of each of the page's six reads, by the name of its spec. */
const live = vi.hoisted(() => ({ byRead: {} as Record<string, LiveEntry> }));
vi.mock('../../../lib/auth', () => ({ auth: {} }));
vi.mock('../../../lib/db', () => ({ db: {} }));
vi.mock('../../../lib/functions', () => ({ callFunction: vi.fn() }));
vi.mock('../../../data/clery', () => ({
  crimeLogIncidentsSpec: () => 'incidents',
  cleryRecordsSpec: () => 'records',
  activeLegalHoldsSpec: 'holds',
  cleryCalendarSpec: 'calendar',
  fireLogSpec: () => 'fires',
  warningDecisionsSpec: () => 'decisions',
}));
vi.mock('../../../data/live-query', async (importActual) => {
  const actual = await importActual<typeof import('../../../data/live-query')>();
  return {
    ...actual,
    useLiveQuery: (read: string) => ({ ...live.byRead[read]!, retry: () => undefined }),
    useLiveDoc: (read: string) => ({ ...live.byRead[read]!, retry: () => undefined }),
  };
});

import CrimeLogPage from './CrimeLogPage';

const report = {
  id: 'r1',
  incidentType: 'Theft',
  nearestCampus: 'main',
  status: 'Reported',
  timestamp: { toMillis: () => Date.now() },
};
const ready = (data: unknown[]): LiveEntry => ({ status: 'ready', data, error: null });

describe('Daily crime log', () => {
  beforeEach(() => {
    live.byRead = {
      incidents: ready([report]),
      records: ready([]),
      holds: ready([]),
      fires: ready([]),
      decisions: ready([]),
      calendar: { status: 'ready', data: null, error: null },
    };
  });

  it('lists the reports when every read has loaded, an open one with Classify', () => {
    render(<CrimeLogPage />);
    expect(screen.getByRole('table', { name: 'Daily crime log' })).toHaveTextContent('r1');
    expect(screen.getByRole('button', { name: 'Classify r1' })).toBeInTheDocument();
  });

  it('says the list failed when the holidays cannot be read (the overdue flags depend on them)', () => {
    live.byRead.calendar = { status: 'error', data: null, error: 'Permission denied.' };
    render(<CrimeLogPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('Permission denied.');
    expect(screen.queryByRole('table', { name: 'Daily crime log' })).toBeNull();
  });

  it('offers the Timely Warning decision on a crime, and marks one decided', () => {
    live.byRead.records = ready([
      {
        id: 'r1',
        incidentId: 'r1',
        isCrime: true,
        offences: [{ offence: 'Burglary', bias: null }],
        reportedAt: { toMillis: () => Date.now() },
        occurredAt: null,
        disposition: 'Open - under investigation',
        generalLocation: 'Library',
        withheld: null,
      },
    ]);
    live.byRead.decisions = ready([{ id: 'r1', incidentId: 'r1', reason: 'Arrested on site.' }]);
    render(<CrimeLogPage />);
    expect(screen.getByRole('table', { name: 'Daily crime log' })).toHaveTextContent(
      'No Timely Warning: decided',
    );
    expect(screen.getByRole('button', { name: 'Warning decision on r1' })).toBeInTheDocument();
  });

  it('says the list failed when the decisions not to warn cannot be read', () => {
    live.byRead.decisions = { status: 'error', data: [], error: 'Permission denied.' };
    render(<CrimeLogPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('Permission denied.');
  });

  it('says the list failed when the legal holds cannot be read (no row shown without its hold)', () => {
    live.byRead.holds = { status: 'error', data: [], error: 'Permission denied.' };
    render(<CrimeLogPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('Permission denied.');
    expect(screen.queryByRole('table', { name: 'Daily crime log' })).toBeNull();
  });
});
