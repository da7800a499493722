import { doc, updateDoc } from 'firebase/firestore';
import { COLLECTIONS, type CreateAccountRequest } from '@campus-safety/model';
import { db } from '../../lib/db';
import { messageOf } from '../../lib/errors';
import { callFunction } from '../../lib/functions';

export function createAccount(request: CreateAccountRequest) {
  return callFunction('createAccount', request);
}

/** A new default password for an account (the old one expired); shown once, never stored. */
export function reissueDefaultPassword(uid: string) {
  return callFunction('reissueDefaultPassword', { uid });
}

/** The user trigger mirrors role and campus into claims and disables archived accounts in Auth. */
async function writeUser(uid: string, change: Record<string, unknown>) {
  try {
    await updateDoc(doc(db, COLLECTIONS.users, uid), change);
  } catch (error) {
    console.error(`Update of user ${uid} failed`, error);
    throw new Error(messageOf(error));
  }
}

export function setRoleAndCampus(uid: string, role: string, campus: string | null) {
  return writeUser(uid, { role, campus });
}

export function setAccountArchived(uid: string, archived: boolean) {
  return writeUser(uid, { isArchived: archived });
}
