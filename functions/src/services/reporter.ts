import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { deviceTokensOf, userIdOf } from './user-refs';

export interface Reporter {
  ref: DocumentReference;
  deviceTokens: string[];
}

/**
 * The reporter of an incident: `users/{reporterId}`, found by uid, never by the report's email
 * (a stale users doc can hold an address its Auth account gave up; docs/design.md#data-model).
 */
export async function findReporter(db: Firestore, reporterId: unknown): Promise<Reporter | null> {
  const uid = userIdOf(reporterId);
  if (!uid) return null;
  const doc = await db.collection(COLLECTIONS.users).doc(uid).get();
  if (!doc.exists) return null;
  return { ref: doc.ref, deviceTokens: deviceTokensOf(doc.data()) };
}
