import { describe, expect, it } from 'vitest';
import { ADMIN_ONLY, canSee, decideAccess, SIGNED_IN, type SessionFacts } from './access';

const admin = { role: 'Admin' as const, isUsingDefaultPassword: false };
const imt = { role: 'IMT' as const, isUsingDefaultPassword: false };
const signedIn = (profile: SessionFacts['profile'], emailVerified = true): SessionFacts => ({
  status: 'signedIn',
  emailVerified,
  profile,
});

describe('decideAccess', () => {
  it('waits while the session resolves', () => {
    expect(
      decideAccess({ status: 'loading', emailVerified: false, profile: null }, SIGNED_IN),
    ).toBe('loading');
  });

  it('sends signed-out visitors to sign in, whatever the route', () => {
    const out: SessionFacts = { status: 'signedOut', emailVerified: false, profile: null };
    expect(decideAccess(out, SIGNED_IN)).toBe('sign-in');
    expect(decideAccess(out, ADMIN_ONLY)).toBe('sign-in');
  });

  it('requires a verified email before anything else', () => {
    expect(decideAccess(signedIn(admin, false), SIGNED_IN)).toBe('verify-email');
  });

  it('forces the default password out before any screen, even for Admins', () => {
    const fresh = { role: 'Admin' as const, isUsingDefaultPassword: true };
    expect(decideAccess(signedIn(fresh), SIGNED_IN)).toBe('change-password');
    expect(decideAccess(signedIn(fresh), ADMIN_ONLY)).toBe('change-password');
  });

  it('lets any signed-in role into the shared screens', () => {
    expect(decideAccess(signedIn(imt), SIGNED_IN)).toBe('allowed');
    expect(decideAccess(signedIn({ role: 'User', isUsingDefaultPassword: false }), SIGNED_IN)).toBe(
      'allowed',
    );
    expect(decideAccess(signedIn(null), SIGNED_IN)).toBe('allowed');
  });

  it('keeps Admin-only screens from IMT, app users and accounts without a profile', () => {
    expect(decideAccess(signedIn(admin), ADMIN_ONLY)).toBe('allowed');
    expect(decideAccess(signedIn(imt), ADMIN_ONLY)).toBe('unauthorized');
    expect(
      decideAccess(signedIn({ role: 'User', isUsingDefaultPassword: false }), ADMIN_ONLY),
    ).toBe('unauthorized');
    expect(decideAccess(signedIn(null), ADMIN_ONLY)).toBe('unauthorized');
  });
});

describe('canSee', () => {
  it('shows Admin entries only to Admins', () => {
    expect(canSee('Admin', ADMIN_ONLY)).toBe(true);
    expect(canSee('IMT', ADMIN_ONLY)).toBe(false);
    expect(canSee(null, SIGNED_IN)).toBe(true);
  });
});
