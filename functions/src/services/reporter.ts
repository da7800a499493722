import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@campus-safety/model';

export interface Reporter {
  ref: DocumentReference;
  deviceTokens: string[];
}

/**
 * The reporter of an incident: `users/{reporterId}`, found by uid, never by the report's email
 * (a stale users doc can hold an address its Auth account gave up; docs/design.md#data-model).
 */
export async function findReporter(db: Firestore, reporterId: unknown): Promise<Reporter | null> {
  if (typeof reporterId !== 'string' || reporterId.length === 0 || reporterId.includes('/'))
    return null;
  const doc = await db.collection(COLLECTIONS.users).doc(reporterId).get();
  if (!doc.exists) return null;
  const tokens = doc.get('deviceToken');
  return {
    ref: doc.ref,
    deviceTokens: Array.isArray(tokens)
      ? tokens.filter((t): t is string => typeof t === 'string' && t.length > 0)
      : [],
  };
}
