import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS, PROCESSED_EVENT_TTL_DAYS } from '@campus-safety/model';
import { eventDocId } from '../domain/event-ids';

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

/** At most this many markers per sweep (one batch). */
const SWEEP_BATCH = 500;

/** Deletes markers whose `expiresAt` has passed (emulators run no TTL policy). Returns how many. */
export async function sweepProcessedEvents(db: Firestore, now: Date): Promise<number> {
  const expired = await db
    .collection(COLLECTIONS.processedEvents)
    .where('expiresAt', '<=', Timestamp.fromDate(now))
    .limit(SWEEP_BATCH)
    .get();
  if (expired.empty) return 0;
  const batch = db.batch();
  for (const doc of expired.docs) batch.delete(doc.ref);
  await batch.commit();
  return expired.size;
}

/**
 * Runs `work` in a transaction together with the creation of a marker `processed_events/{id}`.
 * If the marker already exists the event was handled before (a duplicate delivery) and nothing
 * is written; the result says which case happened. Reads in `work` must come before its writes,
 * as Firestore transactions require; the marker read comes first.
 */
export async function runOnce<T>(
  db: Firestore,
  key: EventKey,
  work: (tx: Transaction) => Promise<T>,
): Promise<{ duplicate: true } | { duplicate: false; result: T }> {
  const marker = db
    .collection(COLLECTIONS.processedEvents)
    .doc(eventDocId(key.eventId, key.trigger));
  return db.runTransaction(async (tx) => {
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
