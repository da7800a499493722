import { isOneOf } from './lists';

/** `Admin` and `IMT` are staff; `User` is an app user (a reporter). */
export const ROLES = ['Admin', 'IMT', 'User'] as const;
export type Role = (typeof ROLES)[number];

export const STAFF_ROLES = ['Admin', 'IMT'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isRole(value: unknown): value is Role {
  return isOneOf(ROLES, value);
}

export function isStaffRole(value: unknown): value is StaffRole {
  return isOneOf(STAFF_ROLES, value);
}
