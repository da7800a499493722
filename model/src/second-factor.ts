/**
 * The second factor for staff (docs/decisions.md#second-factor-for-admins): whether a deployment
 * requires Admins to have signed in with one, and what that means for a session. The setting
 * lives in a Firestore document, not in deployment.json, because the security rules must read it
 * too and rules cannot import the model; the functions and the console read the same document.
 */
import { COLLECTIONS } from './collections';
import type { Role } from './roles';

/** `settings/security`: server-written (Admin SDK, seed or deploy), read by every live account. */
export const SECURITY_SETTINGS = { collection: COLLECTIONS.settings, id: 'security' } as const;

export interface SecuritySettings {
  /** When true, an Admin whose session has no second factor gets no Admin powers. */
  adminsRequireSecondFactor: boolean;
}

/** A missing document or field means "not required", the local default. */
export function readSecuritySettings(data: unknown): SecuritySettings {
  const value = (data as { adminsRequireSecondFactor?: unknown } | null | undefined)
    ?.adminsRequireSecondFactor;
  return { adminsRequireSecondFactor: value === true };
}

/**
 * Whether a session keeps its role's powers: only Admins need a second factor, and only when the
 * deployment requires it. `signInSecondFactor` is the ID token's
 * `firebase.sign_in_second_factor` (e.g. `phone`), absent after a one-step sign-in.
 */
export function secondFactorSatisfied(
  role: Role | null,
  signInSecondFactor: string | null | undefined,
  settings: SecuritySettings,
): boolean {
  return role !== 'Admin' || !settings.adminsRequireSecondFactor || !!signInSecondFactor;
}

/** What an Admin without a second factor reads when the deployment requires one. */
export const SECOND_FACTOR_REQUIRED_MESSAGE =
  'Admins must sign in with a second factor. Add a phone on your Profile, then sign in again with the code.';

/**
 * E.164 phone numbers, as Firebase Auth takes them: `+`, a country code and up to 15 digits in
 * all. Spaces, dots, dashes and brackets people type are dropped first. The one phone check the
 * console and the callables share (second factor, phone for alerts); a pattern, not
 * libphonenumber-js, which would add 28 KB to the sign-in page (the code sent proves the number).
 */
export function normalisePhoneNumber(input: string): string | null {
  const compact = input.trim().replace(/[\s.()-]/g, '');
  return /^\+[1-9][0-9]{6,14}$/.test(compact) ? compact : null;
}
