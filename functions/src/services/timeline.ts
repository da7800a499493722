import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  fullName,
  isRole,
  type IncidentStatus,
  type TimelineActor,
  type TimelineKind,
} from '@campus-safety/model';
import { userIdOf } from './user-refs';

/**
 * Id of the report's "reported" entry. A report is filed once, so a fixed id makes the first
 * entry impossible to write twice (the seed and imports write it themselves, and the trigger
 * then leaves it alone).
 */
export const REPORTED_ENTRY_ID = 'reported';

/** Id of the entry that records a new accomplishment report (fixed, like the "reported" one). */
export function accomplishmentEntryId(accomplishmentId: string): string {
  return `accomplishment-${accomplishmentId}`;
}

export function timelineCollection(db: Firestore, incidentId: string) {
  return db
    .collection(COLLECTIONS.incidentReports)
    .doc(incidentId)
    .collection(COLLECTIONS.timeline);
}

/**
 * The actor named by `uid` as the server knows them: the name and role of their `users`
 * document, read in the caller's transaction. A uid without a profile is still recorded (the
 * uid is what the rules checked), with an empty name.
 */
export async function actorOf(
  tx: Transaction,
  db: Firestore,
  uid: unknown,
): Promise<TimelineActor | null> {
  const id = userIdOf(uid);
  if (!id) return null;
  const profile = (await tx.get(db.collection(COLLECTIONS.users).doc(id))).data();
  return {
    uid: id,
    name: profile ? fullName(profile) : '',
    role: isRole(profile?.role) ? profile.role : null,
  };
}

export interface EntryInput {
  kind: TimelineKind;
  at: Date;
  actor: TimelineActor | null;
  detail: string;
  status?: IncidentStatus;
}

/** Creates one entry in the caller's transaction (create: an entry is never rewritten). */
export function addEntry(tx: Transaction, ref: DocumentReference, entry: EntryInput) {
  tx.create(ref, {
    kind: entry.kind,
    at: Timestamp.fromDate(entry.at),
    actor: entry.actor,
    detail: entry.detail,
    ...(entry.status ? { status: entry.status } : {}),
    recordedAt: FieldValue.serverTimestamp(),
  });
}
