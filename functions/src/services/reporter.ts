import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@campus-safety/model';

export interface Reporter {
  ref: DocumentReference;
  deviceTokens: string[];
}

/**
 * The reporter of an incident: the `users` document whose email equals the report's
 * (docs/requirements.md#calls).
 */
export async function findReporter(db: Firestore, email: unknown): Promise<Reporter | null> {
  if (typeof email !== 'string' || email.length === 0) return null;
  const found = await db.collection(COLLECTIONS.users).where('email', '==', email).limit(1).get();
  const doc = found.docs[0];
  if (!doc) return null;
  const tokens = doc.get('deviceToken');
  return {
    ref: doc.ref,
    deviceTokens: Array.isArray(tokens)
      ? tokens.filter((t): t is string => typeof t === 'string' && t.length > 0)
      : [],
  };
}
