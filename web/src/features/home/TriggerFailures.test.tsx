// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const live = vi.hoisted(() => ({ current: {} as unknown }));
vi.mock('../../lib/db', () => ({ db: {} }));
vi.mock('../../data/live-query', () => ({
  useLiveQuery: () => live.current,
}));

import { TriggerFailures } from './TriggerFailures';

describe('trigger failures on Home', () => {
  it('lists each failure with its trigger, document, error, attempts and state', () => {
    live.current = {
      key: 'trigger-failures:latest',
      status: 'ready',
      error: null,
      data: [
        {
          id: 'announceNewIncident-e1',
          trigger: 'announceNewIncident',
          document: 'incident_reports/abc',
          error: 'deadline exceeded',
          attempts: 7,
          state: 'gave-up',
          lastFailedAt: new Date('2026-11-22T14:05:09Z'),
        },
        {
          id: 'pageAssignee-e3',
          trigger: 'pageAssignee',
          document: 'incident_reports/def',
          error: 'Transaction is invalid or closed',
          attempts: 1,
          state: 'retrying',
          retryAt: new Date('2026-11-22T14:07:00Z'),
          lastFailedAt: new Date('2026-11-22T14:06:00Z'),
        },
        {
          id: 'syncUserAccount-e2',
          trigger: 'syncUserAccount',
          document: 'users/u1',
          error: 'unavailable',
          attempts: 1,
          state: 'recovered',
          lastFailedAt: new Date('2026-11-22T14:00:00Z'),
        },
      ],
    };
    render(<TriggerFailures />);
    const rows = within(
      screen.getByRole('table', { name: 'Server trigger failures' }),
    ).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'announceNewIncident',
      'incident_reports/abc',
      'deadline exceeded',
      '7',
      'Failed: work not done',
      expect.stringContaining('Nov 22 2026'),
    ]);
    // The next re-run's time, in the programme's zone.
    expect(within(rows[2]!).getAllByRole('cell')[4]!.textContent).toMatch(
      /^Will run again at .*Nov 22 2026/,
    );
    expect(within(rows[3]!).getByText('Recovered')).toBeInTheDocument();
  });

  it('says so when no trigger has failed', () => {
    live.current = { key: 'k', status: 'ready', error: null, data: [] };
    render(<TriggerFailures />);
    expect(screen.getByText('No trigger has failed')).toBeInTheDocument();
  });
});
