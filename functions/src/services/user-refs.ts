import type { DocumentData } from 'firebase-admin/firestore';

/**
 * A uid read from a document a client wrote (a report's `reporterId`, `assignedTo.id`, a
 * message's `authorUid`): usable as a `users/{uid}` id, else null. People are found by uid only.
 */
export function userIdOf(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 && !value.includes('/') ? value : null;
}

/** The push tokens of a `users` document (`deviceToken`), the well-formed ones. */
export function deviceTokensOf(user: DocumentData | undefined): string[] {
  const tokens: unknown = user?.deviceToken;
  return Array.isArray(tokens)
    ? tokens.filter((t): t is string => typeof t === 'string' && t.length > 0)
    : [];
}
