import {
  isActiveCampus,
  type Campuses,
  IMT_NEEDS_CAMPUS,
  CREATED_ROLE_MESSAGE,
  ROLES,
  STAFF_ROLES,
  createAccountSchema,
  fieldProblems,
  imtHasCampus,
  isOneOf,
  type CreateAccountRequest,
  type UserProfile,
} from '@campus-safety/model';
import type { FieldErrors } from '../../lib/validation';

export interface RoleCampusInput {
  role: string;
  campus: string;
}

/** IMT members work for one campus, so it is required for them; others may leave it empty. */
export function validateRoleCampus(
  input: RoleCampusInput,
  campuses: Campuses,
): FieldErrors<keyof RoleCampusInput> {
  return {
    role: isOneOf(ROLES, input.role) ? undefined : 'Choose a role.',
    campus:
      input.campus && !isActiveCampus(campuses, input.campus)
        ? 'Choose a campus from the list.'
        : imtHasCampus({ role: input.role, campus: input.campus || null })
          ? undefined
          : IMT_NEEDS_CAMPUS,
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

/**
 * The createAccount callable's own schema decides the text fields (same sentences as the server);
 * role and campus are picked from lists, so their problems read as choices.
 */
export function validateAccount(
  input: AccountInput,
  campuses: Campuses,
): FieldErrors<keyof AccountInput> {
  const problems = fieldProblems(createAccountSchema, toCreateRequest(input));
  return {
    firstName: problems.firstName,
    lastName: problems.lastName,
    email: problems.email,
    contactNumber: problems.contactNumber,
    address: problems.address,
    birthday: problems.birthday,
    ...validateRoleCampus(input, campuses),
    ...(isOneOf(ROLES, input.role) && !isOneOf(STAFF_ROLES, input.role)
      ? { role: CREATED_ROLE_MESSAGE }
      : {}),
  };
}

export function toCreateRequest(input: AccountInput): CreateAccountRequest {
  return {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    email: input.email.trim().toLowerCase(),
    role: input.role as CreateAccountRequest['role'],
    campus: (input.campus || null) as CreateAccountRequest['campus'],
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
