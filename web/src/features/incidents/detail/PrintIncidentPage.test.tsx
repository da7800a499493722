// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEntry } from '../../../data/live-query';

/**
 * The live result of the page's two listeners, by the name of its spec, and the one-off read of
 * the whole timeline with its notes (a printout is a snapshot).
 */
const live = vi.hoisted(() => ({
  byRead: {} as Record<string, LiveEntry>,
  wholeTimeline: (): Promise<unknown> =>
    Promise.resolve({ entries: [], notes: [], complete: true }),
}));
vi.mock('../../../lib/auth', () => ({ auth: {} }));
vi.mock('../../../lib/db', () => ({ db: {} }));
vi.mock('../../../data/incidents', () => ({ incidentSpec: () => 'incident' }));
vi.mock('../api', () => ({ readWholeTimeline: () => live.wholeTimeline() }));
vi.mock('../../../data/conversation', () => ({
  incidentThread: (id: string) => ({ kind: 'incident', id }),
  wholeConversationSpec: () => 'conversation',
}));
vi.mock('../../../data/accomplishments', () => ({
  incidentAccomplishmentsSpec: () => 'accomplishments',
}));
vi.mock('../../../data/live-query', async (importActual) => {
  const actual = await importActual<typeof import('../../../data/live-query')>();
  // A spec of the data layer's own (settings/campuses) is named by its path.
  const result = (read: string | { path: string[] }) => ({
    ...live.byRead[typeof read === 'string' ? read : read.path.join('/')]!,
    retry: () => undefined,
  });
  return { ...actual, useLiveDoc: result, useLiveQuery: result };
});

import { toStoredCampuses } from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import { formatDate } from '../../../lib/format';
import { useAuth, type Profile } from '../../../session/store';
import PrintIncidentPage from './PrintIncidentPage';

const incident = {
  id: 'r1',
  incidentType: 'Theft',
  nearestCampus: 'main',
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
      accomplishments: ready([]),
      conversation: ready([]),
      'settings/campuses': ready({ campuses: toStoredCampuses(DEMO_CAMPUSES) }),
    };
    live.wholeTimeline = () => Promise.resolve({ entries: [], notes: [], complete: true });
  });

  it('prints the record when every part has loaded', async () => {
    renderPrint();
    expect(await screen.findByRole('heading', { name: 'Incident report' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
    // The campus by its current name, not the id the report stores.
    expect(screen.getByText(/Theft · Main Campus · ID r1/)).toBeInTheDocument();
  });

  // A report queued on a phone without signal (docs/reporter-app.md#offline).
  const at = (iso: string) => ({ toDate: () => new Date(iso), toMillis: () => Date.parse(iso) });
  const writtenAt = (iso: string) => ({
    ...incident,
    timestamp: at('2026-11-20T10:00:00Z'),
    writtenAt: at(iso),
  });

  it('shows when the report was written on the device when it arrived over a minute later', async () => {
    live.byRead.incident = ready(writtenAt('2026-11-20T09:20:00Z'));
    renderPrint();
    const label = await screen.findByText('Written on the device');
    expect(label.nextElementSibling).toHaveTextContent(
      formatDate(new Date('2026-11-20T09:20:00Z')),
    );
  });

  it('shows one time when the report arrived within a minute of being written', async () => {
    live.byRead.incident = ready(writtenAt('2026-11-20T09:59:10Z'));
    renderPrint();
    await screen.findByRole('heading', { name: 'Incident report' });
    expect(screen.queryByText('Written on the device')).toBeNull();
  });

  it("prints the conversation oldest first, the reporter's text as text", async () => {
    live.byRead.conversation = ready([
      {
        id: 'm1',
        text: 'Are you safe right now?',
        authorUid: 'imt-1',
        authorRole: 'staff',
        authorName: 'Ian Mercado',
        sentAt: new Date('2026-11-20T10:05:00Z'),
      },
      {
        id: 'm2',
        text: '<b>Yes</b>',
        authorUid: 'rep',
        authorRole: 'reporter',
        sentAt: new Date('2026-11-20T10:06:00Z'),
      },
    ]);
    renderPrint();
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(list.textContent).toMatch(
      /Ian Mercado.*Are you safe right now\?.*Reporter.*<b>Yes<\/b>/,
    );
    expect(list.querySelector('b')).toBeNull();
  });

  it('says so and cannot print when the conversation cannot be read', async () => {
    live.byRead.conversation = { status: 'error', data: [], error: 'Permission denied.' };
    renderPrint();
    expect(await screen.findByRole('alert')).toHaveTextContent('Permission denied.');
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  });

  it('says so and cannot print when the accomplishments listener fails (not an empty section)', async () => {
    live.byRead.accomplishments = { status: 'error', data: [], error: 'Permission denied.' };
    renderPrint();
    expect(await screen.findByRole('alert')).toHaveTextContent('Permission denied.');
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
    expect(screen.queryByRole('heading', { name: 'Incident report' })).toBeNull();
  });

  it('says so and cannot print when the timeline or its notes cannot be read', async () => {
    live.wholeTimeline = () => Promise.reject(new Error('Permission denied.'));
    renderPrint();
    expect(await screen.findByRole('alert')).toHaveTextContent('Permission denied.');
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
    expect(screen.queryByRole('heading', { name: 'Incident report' })).toBeNull();
  });
});
