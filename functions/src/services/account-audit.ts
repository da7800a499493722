import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  isStaffRole,
  type AccountAuditEntry,
  type StaffAccess,
} from '@campus-safety/model';
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

/**
 * Whether this entry put its account in its author's hands: created it or issued its invitation
 * (the author held its first password), or gave it live staff access it did not have.
 */
function handsOver(entry: Partial<AccountAuditEntry>): boolean {
  if (entry.action === 'createAccount' || entry.action === 'issueInvitation') return true;
  const { before, after } = entry;
  if (entry.action !== 'setStaffAccess' || !after) return false;
  const grants = isStaffRole(after.role) && !after.isArchived;
  return grants && (!before || before.role !== after.role || before.isArchived);
}

/**
 * Whether `byUid` created `uid`'s account, issued its invitation or gave it its staff role, as
 * account_audit records (docs/decisions.md#two-person-approval). One account's entries are few
 * (each is an Admin's act on it), so they are read whole by the single-field `uid` index.
 */
export async function accountHandedOverBy(
  db: Firestore,
  uid: string,
  byUid: string,
): Promise<boolean> {
  const entries = await db.collection(COLLECTIONS.accountAudit).where('uid', '==', uid).get();
  return entries.docs.some((doc) => doc.get('byUid') === byUid && handsOver(doc.data()));
}
