// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEntry } from '../../../data/live-query';

/** The live result of each of the page's four reads, by the name of its spec. */
const live = vi.hoisted(() => ({ byRead: {} as Record<string, LiveEntry> }));
vi.mock('../../../lib/auth', () => ({ auth: {} }));
vi.mock('../../../lib/db', () => ({ db: {} }));
vi.mock('../../../data/incidents', () => ({ incidentSpec: () => 'incident' }));
vi.mock('../../../data/timeline', () => ({
  timelineSpec: () => 'timeline',
  internalNotesSpec: () => 'notes',
}));
vi.mock('../../../data/accomplishments', () => ({
  incidentAccomplishmentsSpec: () => 'accomplishments',
}));
vi.mock('../../../data/live-query', async (importActual) => {
  const actual = await importActual<typeof import('../../../data/live-query')>();
  const result = (read: string) => ({ ...live.byRead[read]!, retry: () => undefined });
  return { ...actual, useLiveDoc: result, useLiveQuery: result };
});

import { useAuth, type Profile } from '../../../session/store';
import PrintIncidentPage from './PrintIncidentPage';

const incident = {
  id: 'r1',
  incidentType: 'Theft',
  nearestCampus: 'Main Campus',
  status: 'Processing',
  timestamp: new Date('2026-11-20T10:00:00Z'),
  email: 'reporter@example.edu',
  description: 'Bike taken',
};
const ready = (data: unknown): LiveEntry => ({ status: 'ready', data, error: null });

function renderPrint() {
  useAuth.setState({ profile: { id: 'u1', role: 'Admin', campus: null } as Profile });
  const router = createMemoryRouter(
    [{ path: '/print/reports/:id', element: <PrintIncidentPage /> }],
    { initialEntries: ['/print/reports/r1'] },
  );
  render(<RouterProvider router={router} />);
}

describe('Print view of a report', () => {
  beforeEach(() => {
    live.byRead = {
      incident: ready(incident),
      timeline: ready([]),
      notes: ready([]),
      accomplishments: ready([]),
    };
  });

  it('prints the record when every part has loaded', () => {
    renderPrint();
    expect(screen.getByRole('heading', { name: 'Incident report' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
  });

  it.each(['timeline', 'notes', 'accomplishments'])(
    'says so and cannot print when the %s listener fails (not an empty section)',
    (read) => {
      live.byRead[read] = { status: 'error', data: [], error: 'Permission denied.' };
      renderPrint();
      expect(screen.getByRole('alert')).toHaveTextContent('Permission denied.');
      expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
      expect(screen.queryByRole('heading', { name: 'Incident report' })).toBeNull();
    },
  );
});
