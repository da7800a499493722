import { describe, expect, it, vi } from 'vitest';

vi.mock('../lib/auth', () => ({ auth: {} }));

import { codeProblem, secondFactorErrorMessage } from './second-factor';

describe('second factor messages', () => {
  it('tells a wrong, an expired and a too-often-tried code apart', () => {
    const say = (code: string) => secondFactorErrorMessage({ code });
    expect(say('auth/invalid-verification-code')).toBe(
      'That code is not right. Check the SMS and try again.',
    );
    expect(say('auth/code-expired')).toBe('That code has expired. Send a new code.');
    expect(say('auth/too-many-requests')).toBe(
      'Too many attempts. Wait a few minutes, then send a new code.',
    );
    expect(say('auth/unverified-email')).toMatch(/verified email/);
    // Anything else reads as at sign-in.
    expect(say('auth/user-disabled')).toBe(
      'This account has been disabled. Contact an administrator.',
    );
  });

  it('takes six digits, spaces allowed', () => {
    expect(codeProblem('123 456')).toBeUndefined();
    expect(codeProblem('12345')).toBe('Enter the 6-digit code from the SMS.');
    expect(codeProblem('12345a')).toBe('Enter the 6-digit code from the SMS.');
  });
});
