/** `Admin` and `IMT` are staff; `User` is an app user (a reporter). */
export const ROLES = ['Admin', 'IMT', 'User'] as const;
export type Role = (typeof ROLES)[number];

export const STAFF_ROLES = ['Admin', 'IMT'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Custom claims mirrored from `users/{uid}` by the user trigger; rules and the console read these. */
export interface RoleClaims {
  role: Role;
  campus: string | null;
}
