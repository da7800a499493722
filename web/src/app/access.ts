import type { Role } from '@campus-safety/model';

/** Who may open a route: any signed-in user, or only the listed roles. */
export type RouteAccess = 'signed-in' | readonly Role[];

export const ADMIN_ONLY: RouteAccess = ['Admin'];
export const SIGNED_IN: RouteAccess = 'signed-in';
/** Safety staff: the campus-wide figures are theirs. */
export const STAFF_ONLY: RouteAccess = ['Admin', 'IMT'];

export type AccessDecision =
  'loading' | 'sign-in' | 'verify-email' | 'change-password' | 'unauthorized' | 'allowed';

export interface SessionFacts {
  status: 'loading' | 'signedOut' | 'signedIn';
  emailVerified: boolean;
  profile: { role: Role; isUsingDefaultPassword: boolean } | null;
}

/**
 * What a route shows for this session, in order: wait for the session, send strangers to sign
 * in, require a verified email, force the default password out, then check the role.
 */
export function decideAccess(session: SessionFacts, access: RouteAccess): AccessDecision {
  if (session.status === 'loading') return 'loading';
  if (session.status === 'signedOut') return 'sign-in';
  if (!session.emailVerified) return 'verify-email';
  if (session.profile?.isUsingDefaultPassword) return 'change-password';
  if (access === 'signed-in') return 'allowed';
  const role = session.profile?.role;
  return role && access.includes(role) ? 'allowed' : 'unauthorized';
}

/** Whether a navigation entry is shown to this role (same rule as the route itself). */
export function canSee(role: Role | null, access: RouteAccess): boolean {
  return access === 'signed-in' || (role !== null && access.includes(role));
}
