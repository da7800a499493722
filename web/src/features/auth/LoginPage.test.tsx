// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/auth', () => ({ auth: {} }));
const signInWithEmailAndPassword = vi.fn();
vi.mock('firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('firebase/auth')>()),
  signInWithEmailAndPassword: (...args: unknown[]) => signInWithEmailAndPassword(...args),
}));

import { authErrorMessage } from '../../session/auth-errors';
import LoginPage from './LoginPage';
import { useAuth } from '../../session/store';

function renderLogin() {
  render(
    <MemoryRouter>
      <LoginPage />
    </MemoryRouter>,
  );
}

describe('sign-in error messages', () => {
  it.each([
    ['auth/invalid-credential', 'The email or password is incorrect.'],
    ['auth/wrong-password', 'The email or password is incorrect.'],
    ['auth/user-not-found', 'The email or password is incorrect.'],
    ['auth/user-disabled', 'This account has been disabled. Contact an administrator.'],
    ['auth/too-many-requests', 'Too many attempts. Wait a few minutes, then try again.'],
    [
      'auth/network-request-failed',
      'You appear to be offline. Check your connection and try again.',
    ],
  ])('%s reads "%s"', (code, message) => {
    expect(authErrorMessage({ code })).toBe(message);
  });

  it('falls back to a generic line for codes it does not know', () => {
    expect(authErrorMessage({ code: 'auth/something-new' })).toBe(
      'Could not sign in. Please try again.',
    );
    expect(authErrorMessage(new Error('boom'))).toBe('Could not sign in. Please try again.');
  });
});

describe('LoginPage', () => {
  beforeEach(() => {
    signInWithEmailAndPassword.mockReset();
    useAuth.setState({ status: 'signedOut', user: null, profile: null });
  });

  it('shows field problems next to the fields and sends nothing', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(signInWithEmailAndPassword).not.toHaveBeenCalled();
  });

  it('rejects a malformed email before calling Auth', async () => {
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Enter a valid email address.',
    );
    expect(signInWithEmailAndPassword).not.toHaveBeenCalled();
  });

  it('shows the friendly message for a disabled account and keeps what was typed', async () => {
    signInWithEmailAndPassword.mockRejectedValue({ code: 'auth/user-disabled' });
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'imt@example.edu');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account has been disabled. Contact an administrator.',
    );
    expect(screen.getByLabelText('Email')).toHaveValue('imt@example.edu');
    expect(signInWithEmailAndPassword).toHaveBeenCalledWith({}, 'imt@example.edu', 'secret1');
  });

  it('reads the same for an unknown email and a wrong password (no account enumeration)', async () => {
    const shown: string[] = [];
    for (const code of ['auth/user-not-found', 'auth/wrong-password', 'auth/invalid-credential']) {
      signInWithEmailAndPassword.mockReset();
      signInWithEmailAndPassword.mockRejectedValue({ code });
      const { unmount } = render(
        <MemoryRouter>
          <LoginPage />
        </MemoryRouter>,
      );
      await userEvent.type(screen.getByLabelText('Email'), 'someone@example.edu');
      await userEvent.type(screen.getByLabelText('Password'), 'guess123');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      shown.push((await screen.findByRole('alert')).textContent ?? '');
      expect(useAuth.getState().status).toBe('signedOut');
      unmount();
    }
    expect(new Set(shown).size).toBe(1);
    expect(shown[0]).toContain('The email or password is incorrect.');
  });
});
