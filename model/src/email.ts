import { LIMITS } from './constants';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Why `value` is not an email address (trimmed), or null: the one email rule of createAccount's
 * schema and the console's email fields. Kept free of zod so the sign-in page stays light.
 */
export function emailAddressProblem(value: string): string | null {
  const address = value.trim();
  if (address === '') return 'Email is required.';
  if (address.length > LIMITS.email) return `Email must be at most ${LIMITS.email} characters.`;
  if (!EMAIL.test(address)) return 'Enter a valid email address.';
  return null;
}
