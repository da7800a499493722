// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const session = vi.hoisted(() => ({ factor: null as string | null, phones: 0, required: false }));
vi.mock('../../lib/auth', () => ({ auth: {} }));
vi.mock('firebase/auth', async (original) => ({
  ...(await original<typeof import('firebase/auth')>()),
  onIdTokenChanged: (_auth: unknown, next: (user: unknown) => void) => {
    next({ getIdTokenResult: async () => ({ signInSecondFactor: session.factor }) });
    return () => {};
  },
  multiFactor: () => ({ enrolledFactors: Array.from({ length: session.phones }, () => ({})) }),
}));
vi.mock('../../data/security-settings', () => ({
  listenToSecuritySettings: (next: (s: { adminsRequireSecondFactor: boolean }) => void) => {
    next({ adminsRequireSecondFactor: session.required });
    return () => {};
  },
}));
vi.mock('../../session/SecondFactorEnrolment', () => ({
  SecondFactorEnrolment: () => <p>enrolment form</p>,
}));

import { useAuth, type Profile } from '../../session/store';
import { SecondFactorGate } from './SecondFactorGate';

function renderAs(role: Profile['role']) {
  useAuth.setState({
    status: 'signedIn',
    emailVerified: true,
    user: {} as User,
    profile: { id: 'u1', role, isUsingDefaultPassword: false } as Profile,
  });
  render(
    <SecondFactorGate>
      <p>the console</p>
    </SecondFactorGate>,
  );
}

describe('second factor gate', () => {
  beforeEach(() => {
    Object.assign(session, { factor: null, phones: 0, required: false });
  });

  it('sends an Admin without a second factor to enrol when the deployment requires one', async () => {
    session.required = true;
    renderAs('Admin');
    await screen.findByRole('heading', { name: 'Add a second factor to continue' });
    expect(await screen.findByText('enrolment form')).toBeInTheDocument();
    expect(screen.queryByText('the console')).not.toBeInTheDocument();
  });

  it('asks an Admin who has a phone but signed in with the password only to sign in again', async () => {
    Object.assign(session, { required: true, phones: 1 });
    renderAs('Admin');
    await screen.findByRole('heading', { name: 'Sign in again with your code' });
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByText('the console')).not.toBeInTheDocument();
  });

  it('opens the console to an Admin who signed in with a code', async () => {
    Object.assign(session, { required: true, factor: 'phone', phones: 1 });
    renderAs('Admin');
    expect(await screen.findByText('the console')).toBeInTheDocument();
  });

  it('opens the console to a one-step Admin when not required, and never checks IMT', async () => {
    renderAs('Admin');
    expect(await screen.findByText('the console')).toBeInTheDocument();
    session.required = true;
    renderAs('IMT');
    expect(screen.getAllByText('the console')).toHaveLength(2);
  });
});
