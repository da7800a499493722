// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { COLLECTIONS, STARTER_SETTINGS_EDITOR, toStoredCampuses } from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';

/** What the listeners hold, by document or collection path. */
const live = vi.hoisted(() => ({
  status: 'ready' as 'ready' | 'loading',
  docs: {} as Record<string, unknown>,
  lists: {} as Record<string, { id: string }[]>,
}));
vi.mock('../../lib/auth', () => ({ auth: {} }));
vi.mock('../../lib/db', () => ({ db: {} }));
vi.mock('../../data/live-query', async (original) => ({
  ...(await original<typeof import('../../data/live-query')>()),
  useLiveDoc: (spec: { path: string[] }) => ({
    status: live.status,
    data: live.docs[spec.path.join('/')] ?? null,
    error: null,
    retry: () => undefined,
  }),
  useLiveQuery: (spec: { path: string[] }) => ({
    status: live.status,
    data: live.lists[spec.path.join('/')] ?? [],
    error: null,
    retry: () => undefined,
  }),
}));

import { SetupChecklist } from './SetupChecklist';

function renderChecklist() {
  const router = createMemoryRouter([{ path: '/', element: <SetupChecklist uid="admin-1" /> }]);
  return render(<RouterProvider router={router} />);
}

describe('SetupChecklist', () => {
  beforeEach(() => {
    window.localStorage.clear();
    live.status = 'ready';
    live.docs = {
      'settings/incident_types': { updatedBy: STARTER_SETTINGS_EDITOR },
      'settings/campuses': {
        campuses: toStoredCampuses(DEMO_CAMPUSES),
        updatedBy: STARTER_SETTINGS_EDITOR,
      },
    };
    live.lists = {
      [COLLECTIONS.onCallSchedules]: DEMO_CAMPUSES.map(({ id }) => ({ id })),
      [COLLECTIONS.staffDirectory]: [{ id: 'admin-1' }],
    };
  });

  it('shows each step with its state and a link to the screen of a step left', () => {
    renderChecklist();
    const region = screen.getByRole('region', { name: 'Set up this deployment' });
    expect(within(region).getByText('1 of 7 done')).toBeInTheDocument();
    const types = within(region)
      .getByText('Incident types', { selector: '.font-medium' })
      .closest('li')!;
    expect(types).toHaveTextContent('Incident types: not done.');
    expect(within(types).getByRole('link', { name: 'Open Incident types' })).toHaveAttribute(
      'href',
      '/settings',
    );
    const onCall = within(region)
      .getByText('On-call schedules', { selector: '.font-medium' })
      .closest('li')!;
    expect(onCall).toHaveTextContent('On-call schedules: done.');
    expect(within(onCall).queryByRole('link')).toBeNull();
  });

  it('hides in this browser until shown again, and says how far set-up is', async () => {
    const user = userEvent.setup();
    const first = renderChecklist();
    await user.click(screen.getByRole('button', { name: 'Hide checklist' }));
    expect(screen.queryByRole('region', { name: 'Set up this deployment' })).toBeNull();
    expect(screen.getByText(/Set-up checklist hidden \(1 of 7 done\)/)).toBeInTheDocument();
    first.unmount();
    renderChecklist();
    await user.click(screen.getByRole('button', { name: 'Show it' }));
    expect(screen.getByRole('region', { name: 'Set up this deployment' })).toBeInTheDocument();
  });

  it('shows nothing while reading (no step flashes as not done) or once every step is done', () => {
    live.status = 'loading';
    const loading = renderChecklist();
    expect(loading.container).toBeEmptyDOMElement();
    loading.unmount();

    live.status = 'ready';
    const byAdmin = { updatedBy: { uid: 'admin-1', name: 'Ada Admin' } };
    live.docs = {
      'settings/institution': byAdmin,
      'settings/campuses': { campuses: toStoredCampuses(DEMO_CAMPUSES), ...byAdmin },
      'settings/incident_types': byAdmin,
      'settings/response_targets': byAdmin,
      'settings/mass_notifications': {
        templates: { lockdown: { title: 'Lockdown', body: 'Our own words.' } },
      },
    };
    live.lists[COLLECTIONS.staffDirectory] = [{ id: 'admin-1' }, { id: 'imt-1' }];
    const done = renderChecklist();
    expect(done.container).toBeEmptyDOMElement();
  });
});
