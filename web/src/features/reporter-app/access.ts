import type { Role } from '@campus-safety/model';

/** What a page of the reporter app shows for this session (docs/reporter-app.md#routes-and-access). */
export type ReporterAccess =
  'loading' | 'sign-in' | 'verify-email' | 'no-profile' | 'staff' | 'allowed';

export interface ReporterSession {
  status: 'loading' | 'signedOut' | 'signedIn';
  emailVerified: boolean;
  profile: { role: Role } | null;
}

/**
 * In order: wait for the session, send strangers to sign in, require a verified email (nothing
 * works before it: the rules demand it), then the account: an app user (role User) uses the app;
 * staff are pointed to the console; an account without its users document finishes sign-up.
 */
export function reporterAccess(session: ReporterSession): ReporterAccess {
  if (session.status === 'loading') return 'loading';
  if (session.status === 'signedOut') return 'sign-in';
  if (!session.emailVerified) return 'verify-email';
  // Signed in means the users document was read: none means sign-up stopped before creating it.
  if (!session.profile) return 'no-profile';
  return session.profile.role === 'User' ? 'allowed' : 'staff';
}
