/** What a person signing in reads for each Auth error code. */
const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'The email or password is incorrect.',
  'auth/wrong-password': 'The email or password is incorrect.',
  'auth/invalid-login-credentials': 'The email or password is incorrect.',
  'auth/user-not-found': 'No account uses this email address.',
  'auth/invalid-email': 'Enter a valid email address.',
  'auth/user-disabled': 'This account has been disabled. Contact an administrator.',
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes, then try again.',
  'auth/network-request-failed': 'You appear to be offline. Check your connection and try again.',
  'auth/requires-recent-login': 'For your security, enter your current password again.',
  'auth/weak-password': 'Choose a stronger password (at least 8 characters).',
  'auth/missing-password': 'Enter your password.',
  'auth/internal-error': 'The sign-in service had a problem. Please try again.',
};

export function authErrorMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && MESSAGES[code]) || 'Could not sign in. Please try again.';
}
