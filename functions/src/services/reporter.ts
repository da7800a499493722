import type { DocumentData, DocumentReference, Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import type { PushTarget } from '../push/sender';
import { deviceTokensOf, userIdOf } from './user-refs';

export interface Reporter {
  ref: DocumentReference;
  deviceTokens: string[];
  /**
   * The report was filed anonymously: what the server writes where staff read it (a push
   * record) must not tell who this is (docs/anonymity.md).
   */
  anonymous: boolean;
}

/**
 * The uid of an incident's reporter: the report's `reporterId`, or for an anonymous report the
 * server-only `anonymous_reporters/{incidentId}`; null when there is none. Found by uid, never by
 * the report's email (a stale users doc can hold an address its Auth account gave up).
 */
export async function reporterUidOf(
  db: Firestore,
  incidentId: string,
  incident: DocumentData,
): Promise<string | null> {
  if (incident.anonymous !== true) return userIdOf(incident.reporterId);
  const link = await db.collection(COLLECTIONS.anonymousReporters).doc(incidentId).get();
  return userIdOf(link.get('uid'));
}

/** The reporter of an incident (reporterUidOf) with their push tokens; null when not found. */
export async function findReporter(
  db: Firestore,
  incidentId: string,
  incident: DocumentData,
): Promise<Reporter | null> {
  const uid = await reporterUidOf(db, incidentId, incident);
  if (!uid) return null;
  const doc = await db.collection(COLLECTIONS.users).doc(uid).get();
  if (!doc.exists) return null;
  return {
    ref: doc.ref,
    deviceTokens: deviceTokensOf(doc.data()),
    anonymous: incident.anonymous === true,
  };
}

/** Where a push to the reporter goes: their devices, recorded without them when anonymous. */
export function reporterPushTarget(reporter: Reporter): PushTarget {
  return { tokens: reporter.deviceTokens, owner: reporter.ref, confidential: reporter.anonymous };
}
