/**
 * The default password of a new account (docs/requirements.md#default-password): the first two
 * characters of the email (lower case, as Firebase Auth stores emails), a '#', and the registration
 * date as YYYYMMDD in UTC. Example: ada@campus.edu registered 2026-11-22 gets `ad#20261122` (11
 * characters, above Firebase Auth's 6-character minimum).
 */
export function defaultPassword(email: string, registeredAt: Date): string {
  const prefix = email.trim().toLowerCase().slice(0, 2);
  if (prefix.length < 2) throw new RangeError('An email has at least two characters');
  const y = registeredAt.getUTCFullYear().toString().padStart(4, '0');
  const m = (registeredAt.getUTCMonth() + 1).toString().padStart(2, '0');
  const d = registeredAt.getUTCDate().toString().padStart(2, '0');
  return `${prefix}#${y}${m}${d}`;
}
