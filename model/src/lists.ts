/**
 * Whether `value` is one of a model list's entries (roles, statuses, threat levels, campuses...):
 * the one guard for untyped data read from Firestore or a request.
 */
export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}
