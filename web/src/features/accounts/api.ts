import type {
  CallableRequest,
  CreateAccountRequest,
  StaffAccess,
  UnverifiedHolder,
} from '@campus-safety/model';
import { CallableError } from '../../lib/errors';
import { callFunction } from '../../lib/functions';

export function createAccount(request: CreateAccountRequest) {
  return callFunction('createAccount', request);
}

/** The self-registered, unverified account createAccount named as holding the address, if any. */
export function unverifiedHolderOf(error: unknown): UnverifiedHolder | null {
  if (!(error instanceof CallableError)) return null;
  const holder = (error.details as { unverifiedHolder?: UnverifiedHolder } | undefined)
    ?.unverifiedHolder;
  return holder && typeof holder.uid === 'string' ? holder : null;
}

/** A new one-time invitation for an account (the old one dies); shown once, only its hash kept. */
export function issueInvitation(uid: string) {
  return callFunction('issueInvitation', { uid });
}

/**
 * Role, campus and archive flag change only through this callable: it sets the claims with the
 * users doc, refuses accounts whose email is not verified, and audits the change.
 */
export function setStaffAccess(uid: string, access: StaffAccess) {
  return callFunction('setStaffAccess', {
    uid,
    role: access.role,
    campus: access.campus as CallableRequest<'setStaffAccess'>['campus'],
    isArchived: access.isArchived,
  });
}

/** Removes an account that never verified its email (the server refuses a verified one). */
export function removeUnverifiedAccount(uid: string) {
  return callFunction('removeUnverifiedAccount', { uid });
}
