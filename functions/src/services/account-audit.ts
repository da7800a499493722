import { Timestamp } from 'firebase-admin/firestore';
import type { AccountAuditEntry, StaffAccess } from '@campus-safety/model';
import type { Caller } from '../platform/caller';

/** One `account_audit` entry: who changed whose access, when, before → after. */
export function auditEntry(
  by: Caller,
  action: AccountAuditEntry['action'],
  uid: string,
  email: string,
  before: StaffAccess | null,
  after: StaffAccess | null,
  at: Date,
): AccountAuditEntry<Timestamp> {
  return {
    uid,
    email,
    action,
    byUid: by.uid,
    byName: by.displayName,
    at: Timestamp.fromDate(at),
    before,
    after,
  };
}
