import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { eventDocId } from '../domain/event-ids';

export interface EventKey {
  /** Which trigger handles the event: the same event may reach several triggers. */
  trigger: string;
  eventId: string;
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
    });
    return { duplicate: false, result } as const;
  });
}
