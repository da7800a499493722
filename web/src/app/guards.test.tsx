// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../lib/auth', () => ({ auth: {} }));

import { useAuth, type Profile } from '../session/store';
import { ADMIN_ONLY, SIGNED_IN } from './access';
import { RequireRole, RequireSession } from './guards';

function profile(role: Profile['role'], isUsingDefaultPassword = false): Profile {
  return {
    id: 'u1',
    role,
    isUsingDefaultPassword,
    firstName: 'Ana',
    lastName: 'Cruz',
    email: 'ana@example.edu',
  } as Profile;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <RequireSession>
            <p>shell</p>
          </RequireSession>
        ),
      },
      {
        path: '/accounts',
        element: (
          <RequireSession>
            <RequireRole access={ADMIN_ONLY}>
              <p>accounts screen</p>
            </RequireRole>
          </RequireSession>
        ),
      },
      {
        path: '/reports',
        element: (
          <RequireSession>
            <RequireRole access={SIGNED_IN}>
              <p>reports screen</p>
            </RequireRole>
          </RequireSession>
        ),
      },
      { path: '/login', element: <p>login screen</p> },
      { path: '/unauthorized', element: <p>unauthorized screen</p> },
      { path: '/email-verification', element: <p>verification screen</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('route guards', () => {
  beforeEach(() => {
    useAuth.setState({
      status: 'loading',
      user: null,
      emailVerified: false,
      profile: null,
      profileError: null,
    });
  });

  it('shows a full-screen overlay while the session resolves', () => {
    renderAt('/accounts');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    expect(screen.queryByText('accounts screen')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login, remembering where they were going', () => {
    useAuth.setState({ status: 'signedOut' });
    const router = renderAt('/reports');
    expect(screen.getByText('login screen')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/reports' });
  });

  it('sends an IMT member who opens an Admin route to /unauthorized', () => {
    useAuth.setState({ status: 'signedIn', emailVerified: true, profile: profile('IMT') });
    renderAt('/accounts');
    expect(screen.getByText('unauthorized screen')).toBeInTheDocument();
  });

  it('lets an Admin in', () => {
    useAuth.setState({ status: 'signedIn', emailVerified: true, profile: profile('Admin') });
    renderAt('/accounts');
    expect(screen.getByText('accounts screen')).toBeInTheDocument();
  });

  it('sends an unverified account to email verification', () => {
    useAuth.setState({ status: 'signedIn', emailVerified: false, profile: profile('Admin') });
    renderAt('/reports');
    expect(screen.getByText('verification screen')).toBeInTheDocument();
  });

  it('replaces every screen with the password change while the default password is in use', async () => {
    useAuth.setState({ status: 'signedIn', emailVerified: true, profile: profile('IMT', true) });
    renderAt('/reports');
    expect(
      await screen.findByRole('heading', { name: 'Choose a new password' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('reports screen')).not.toBeInTheDocument();
  });
});
