import { describe, expect, it } from 'vitest';
import { validatePasswordForm } from './password';

describe('changing a password in the console', () => {
  it('holds a new password to the same policy as invitations and sign-up', () => {
    const errors = validatePasswordForm({
      current: 'Old long password 1',
      next: 'Campus2026',
      confirm: 'Campus2026',
    });
    expect(errors.next).toBe('Use at least 12 characters.');
  });

  it('accepts a long new password typed twice and refuses the current one again', () => {
    const fine = 'Another long one 1';
    expect(
      validatePasswordForm({ current: 'Old long password 1', next: fine, confirm: fine }),
    ).toEqual({ current: undefined, next: undefined, confirm: undefined });
    expect(validatePasswordForm({ current: fine, next: fine, confirm: fine }).next).toBe(
      'Choose a password different from the current one.',
    );
  });
});
