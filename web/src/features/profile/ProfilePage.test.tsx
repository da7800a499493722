// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const saved = vi.hoisted(() => ({ calls: [] as unknown[][] }));
vi.mock('../../lib/auth', () => ({ auth: {} }));
vi.mock('../../lib/db', () => ({ db: {} }));
// The campus is shown by its current name, from the saved campuses.
vi.mock('../../data/settings', () => ({
  useCampusName: () => (id: string | null | undefined) => (id === 'main' ? 'Main Campus' : id),
}));
// Its states are AlertPhoneForm.test's; here it would listen to Firestore.
vi.mock('../../session/AlertPhoneForm', () => ({ AlertPhoneForm: () => null }));
vi.mock('./api', () => ({
  saveProfile: (...args: unknown[]) => {
    saved.calls.push(args);
    return Promise.resolve();
  },
  savePhoto: () => Promise.resolve(),
}));

import { useAuth, type Profile } from '../../session/store';
import ProfilePage from './ProfilePage';

function renderAs(role: Profile['role']) {
  useAuth.setState({
    profile: {
      id: 'u1',
      role,
      campus: role === 'IMT' ? 'main' : null,
      firstName: 'Ana',
      lastName: 'Cruz',
      email: 'ana@campus.test',
    } as Profile,
  });
  render(<ProfilePage />);
}

describe('Profile details', () => {
  beforeEach(() => {
    saved.calls = [];
  });

  it("an IMT's name is the Admin's: shown, not editable, and never sent", async () => {
    renderAs('IMT');
    const first = screen.getByLabelText('First name');
    expect(first).toBeDisabled();
    expect(screen.getByLabelText('Last name')).toBeDisabled();
    expect(first).toHaveAccessibleDescription(
      'Set by an Admin: reporters see it on their reports.',
    );
    fireEvent.change(screen.getByLabelText('Contact number'), { target: { value: '+63 900 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(saved.calls).toHaveLength(1));
    expect(saved.calls[0]![2]).toEqual({ withName: false });
  });

  it('an Admin edits their own name', async () => {
    renderAs('Admin');
    expect(screen.getByLabelText('First name')).toBeEnabled();
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Anna' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(saved.calls).toHaveLength(1));
    expect(saved.calls[0]![1]).toMatchObject({ firstName: 'Anna' });
    expect(saved.calls[0]![2]).toEqual({ withName: true });
  });
});
