import { describe, expect, it } from 'vitest';
import { reporterAccess, type ReporterSession } from './access';

const session = (over: Partial<ReporterSession>): ReporterSession => ({
  status: 'signedIn',
  emailVerified: true,
  profile: { role: 'User' },
  ...over,
});

describe('reporterAccess', () => {
  it('waits for the session, then sends strangers to sign in', () => {
    expect(reporterAccess(session({ status: 'loading', profile: null }))).toBe('loading');
    expect(reporterAccess(session({ status: 'signedOut', profile: null }))).toBe('sign-in');
  });

  it('lets nothing through before the email is verified, whatever the role', () => {
    expect(reporterAccess(session({ emailVerified: false }))).toBe('verify-email');
    expect(reporterAccess(session({ emailVerified: false, profile: { role: 'Admin' } }))).toBe(
      'verify-email',
    );
  });

  it('opens the app to a verified app user and points staff to the console', () => {
    expect(reporterAccess(session({}))).toBe('allowed');
    expect(reporterAccess(session({ profile: { role: 'IMT' } }))).toBe('staff');
    expect(reporterAccess(session({ profile: { role: 'Admin' } }))).toBe('staff');
  });

  it('asks an account whose users document is missing to finish signing up', () => {
    expect(reporterAccess(session({ profile: null }))).toBe('no-profile');
  });
});
