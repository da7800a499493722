import type { MultiFactorError } from 'firebase/auth';
import { PASSWORD_HINT } from '@campus-safety/model';

/**
 * An unknown email and a wrong password read the same, so the sign-in form cannot be used to find
 * out which addresses have accounts (Auth without email enumeration protection, as the emulator,
 * still tells them apart by code).
 */
const WRONG_CREDENTIALS = 'The email or password is incorrect.';

/** What a person signing in reads for each Auth error code. */
const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': WRONG_CREDENTIALS,
  'auth/wrong-password': WRONG_CREDENTIALS,
  'auth/invalid-login-credentials': WRONG_CREDENTIALS,
  'auth/user-not-found': WRONG_CREDENTIALS,
  'auth/invalid-email': 'Enter a valid email address.',
  'auth/user-disabled': 'This account has been disabled. Contact an administrator.',
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes, then try again.',
  'auth/network-request-failed': 'You appear to be offline. Check your connection and try again.',
  'auth/requires-recent-login': 'For your security, enter your current password again.',
  'auth/weak-password': `Choose a stronger password: ${PASSWORD_HINT}`,
  'auth/missing-password': 'Enter your password.',
  'auth/internal-error': 'The sign-in service had a problem. Please try again.',
};

export function authErrorMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && MESSAGES[code]) || 'Could not sign in. Please try again.';
}

/** A password sign-in of an account with a second factor: the login page asks for the code. */
export function isSecondFactorRequired(error: unknown): error is MultiFactorError {
  return (error as { code?: unknown } | null)?.code === 'auth/multi-factor-auth-required';
}
