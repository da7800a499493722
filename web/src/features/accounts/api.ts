import type { CreateAccountRequest } from '@campus-safety/model';
import { updateUser } from '../../data/users';
import { callFunction } from '../../lib/functions';

export function createAccount(request: CreateAccountRequest) {
  return callFunction('createAccount', request);
}

/** A new default password for an account (the old one expired); shown once, never stored. */
export function reissueDefaultPassword(uid: string) {
  return callFunction('reissueDefaultPassword', { uid });
}

/** The user trigger mirrors role and campus into claims and disables archived accounts in Auth. */
function writeUser(uid: string, change: Record<string, unknown>) {
  return updateUser(uid, change, `Update of user ${uid} failed`);
}

export function setRoleAndCampus(uid: string, role: string, campus: string | null) {
  return writeUser(uid, { role, campus });
}

export function setAccountArchived(uid: string, archived: boolean) {
  return writeUser(uid, { isArchived: archived });
}
