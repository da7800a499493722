import { CAMPUSES, LIMITS, ROLES, type Role, type UserProfile } from '@campus-safety/model';
import { emailProblem, maxLength, requiredText, type FieldErrors } from '../../lib/validation';

export interface RoleCampusInput {
  role: string;
  campus: string;
}

/** IMT members work for one campus, so it is required for them; others may leave it empty. */
export function validateRoleCampus(input: RoleCampusInput): FieldErrors<keyof RoleCampusInput> {
  return {
    role: (ROLES as readonly string[]).includes(input.role) ? undefined : 'Choose a role.',
    campus:
      input.campus && !(CAMPUSES as readonly string[]).includes(input.campus)
        ? 'Choose a campus from the list.'
        : input.role === 'IMT' && !input.campus
          ? 'IMT members need a campus.'
          : undefined,
  };
}

export interface AccountInput extends RoleCampusInput {
  firstName: string;
  lastName: string;
  email: string;
  contactNumber: string;
  address: string;
  birthday: string;
}

export function validateAccount(input: AccountInput): FieldErrors<keyof AccountInput> {
  return {
    firstName: requiredText(input.firstName, 'First name', LIMITS.name),
    lastName: requiredText(input.lastName, 'Last name', LIMITS.name),
    email: emailProblem(input.email),
    contactNumber: maxLength(input.contactNumber, LIMITS.contactNumber, 'Contact number'),
    address: maxLength(input.address, LIMITS.address, 'Address'),
    birthday:
      input.birthday && !/^\d{4}-\d{2}-\d{2}$/.test(input.birthday)
        ? 'Enter a valid date.'
        : undefined,
    ...validateRoleCampus(input),
  };
}

export function toCreateRequest(input: AccountInput) {
  return {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    email: input.email.trim().toLowerCase(),
    role: input.role as Role,
    campus: input.campus || null,
    ...(input.contactNumber.trim() ? { contactNumber: input.contactNumber.trim() } : {}),
    ...(input.address.trim() ? { address: input.address.trim() } : {}),
    ...(input.birthday ? { birthday: input.birthday } : {}),
  };
}

/**
 * Where an account stands with its default password: changed (nothing to show), usable until its
 * expiry, or expired (the housekeeping job replaced it; an Admin issues a new one).
 */
export function defaultPasswordState(
  account: Pick<UserProfile, 'isUsingDefaultPassword' | 'defaultPasswordExpiresAt'>,
  now: number,
): { kind: 'changed' } | { kind: 'valid'; until: Date } | { kind: 'expired' } {
  if (!account.isUsingDefaultPassword) return { kind: 'changed' };
  const expiresAt = account.defaultPasswordExpiresAt?.toMillis();
  if (expiresAt === undefined || expiresAt <= now) return { kind: 'expired' };
  return { kind: 'valid', until: new Date(expiresAt) };
}
