import { Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { SETTINGS_HISTORY } from '@campus-safety/model';
import { fail } from '../platform/errors';

/**
 * Replaces an Admin-edited settings document (an on-call schedule, an escalation policy, a setting) and adds
 * its history entry in one transaction: who, when, the document before and after. `refusal`
 * says why a change may not replace what is stored (read in the same transaction), or null.
 */
export async function saveWithHistory(
  db: Firestore,
  ref: DocumentReference,
  after: Record<string, unknown>,
  by: { uid: string; name: string },
  at: Date,
  refusal?: (
    before: Record<string, unknown> | null,
    after: Record<string, unknown>,
  ) => string | null,
): Promise<void> {
  await db.runTransaction(async (tx) => {
    const before = (await tx.get(ref)).data() ?? null;
    const refused = refusal?.(before, after);
    if (refused) fail('failed-precondition', refused);
    tx.set(ref, after);
    tx.create(ref.collection(SETTINGS_HISTORY).doc(String(at.getTime())), {
      at: Timestamp.fromDate(at),
      by,
      before,
      after,
    });
  });
}
