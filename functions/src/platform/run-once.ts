import {
  FieldPath,
  FieldValue,
  Timestamp,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { COLLECTIONS, PROCESSED_EVENT_TTL_DAYS } from '@campus-safety/model';
import { eventDocId } from '../domain/event-ids';
import { runTransaction } from './transactions';

export interface EventKey {
  /** Which trigger handles the event: the same event may reach several triggers. */
  trigger: string;
  eventId: string;
}

/**
 * When a marker may go: the TTL policy on `processed_events.expiresAt` (firestore.indexes.json)
 * deletes it in production, sweepProcessedEvents on the local stack. Event redeliveries come
 * within hours, far inside PROCESSED_EVENT_TTL_DAYS.
 */
export function markerExpiry(now: Date): Timestamp {
  return Timestamp.fromMillis(now.getTime() + PROCESSED_EVENT_TTL_DAYS * 86_400_000);
}

/** Markers read per page, and deleted per batch, by a sweep. */
const SWEEP_PAGE = 500;

/**
 * Deletes markers whose `expiresAt` has passed (emulators run no TTL policy). Returns how many.
 * Pages through the collection by document id rather than querying `expiresAt`: the TTL field is
 * exempt from indexing (firestore.indexes.json), so production, and our emulator enforcing the
 * indexes, would refuse that query. Only the local stack sweeps, so reading every marker is fine.
 */
export async function sweepProcessedEvents(db: Firestore, now: Date): Promise<number> {
  const collection = db.collection(COLLECTIONS.processedEvents).orderBy(FieldPath.documentId());
  let removed = 0;
  let after: string | null = null;
  for (;;) {
    const page = await (after === null ? collection : collection.startAfter(after))
      .limit(SWEEP_PAGE)
      .get();
    const expired = page.docs.filter((doc) => {
      const expiresAt = doc.get('expiresAt') as unknown;
      return expiresAt instanceof Timestamp && expiresAt.toMillis() <= now.getTime();
    });
    if (expired.length > 0) {
      const batch = db.batch();
      for (const doc of expired) batch.delete(doc.ref);
      await batch.commit();
      removed += expired.length;
    }
    if (page.size < SWEEP_PAGE) return removed;
    after = page.docs[page.docs.length - 1]!.id;
  }
}

/**
 * Runs `work` in a transaction together with the creation of a marker `processed_events/{id}`.
 * If the marker already exists the event was handled before (a duplicate delivery) and nothing
 * is written; the result says which case happened. Reads in `work` must come before its writes,
 * as Firestore transactions require; the marker read comes first. A transaction the emulator
 * dropped for a competing one is run again (platform/transactions.ts).
 */
export async function runOnce<T>(
  db: Firestore,
  key: EventKey,
  work: (tx: Transaction) => Promise<T>,
): Promise<{ duplicate: true } | { duplicate: false; result: T }> {
  const marker = db
    .collection(COLLECTIONS.processedEvents)
    .doc(eventDocId(key.eventId, key.trigger));
  return runTransaction(db, async (tx) => {
    const seen = await tx.get(marker);
    if (seen.exists) return { duplicate: true } as const;
    const result = await work(tx);
    tx.create(marker, {
      trigger: key.trigger,
      eventId: key.eventId,
      at: FieldValue.serverTimestamp(),
      expiresAt: markerExpiry(new Date()),
    });
    return { duplicate: false, result } as const;
  });
}
