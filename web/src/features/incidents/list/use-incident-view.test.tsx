// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it } from 'vitest';
import { useIncidentView } from './use-incident-view';

function renderView(path: string) {
  const hook: { current: ReturnType<typeof useIncidentView> | null } = { current: null };
  function Probe() {
    hook.current = useIncidentView();
    return null;
  }
  const router = createMemoryRouter([{ path: '/reports', element: <Probe /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return { router, view: () => hook.current! };
}

it('keeps every filter set before the page renders the previous one', () => {
  const { router, view } = renderView('/reports?view=all');
  const { setFilter } = view();
  act(() => {
    // One render's moves, as a script or a fast tab-and-type makes them.
    setFilter('campus', 'main');
    setFilter('from', '2026-03-01');
    setFilter('to', '2026-03-31');
  });
  const params = new URLSearchParams(router.state.location.search);
  expect(Object.fromEntries(params)).toMatchObject({
    view: 'all',
    campus: 'main',
    from: '2026-03-01',
    to: '2026-03-31',
  });
  expect(view().view.filters).toMatchObject({
    campus: 'main',
    from: '2026-03-01',
    to: '2026-03-31',
  });
});

it('starts from the address after Back, not from a move the address has since left', () => {
  const { router, view } = renderView('/reports');
  act(() => view().setFilter('campus', 'main'));
  act(() => void router.navigate(-1));
  act(() => view().setFilter('to', '2026-03-31'));
  expect(view().view.filters).toMatchObject({ campus: '', to: '2026-03-31' });
});
