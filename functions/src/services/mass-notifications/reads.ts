/** Counting who read an alert: each person once, on a shard. */
import { FieldValue, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import {
  MASS_NOTIFICATION_LIMITS,
  MASS_NOTIFICATION_READ_SHARDS,
  MASS_NOTIFICATION_READERS,
  MASS_NOTIFICATION_TYPE,
} from '@campus-safety/model';
import { alerts } from './refs';

/** One of `shards` counter shards, chosen by a person's id so one person always hits one shard. */
export function shardOf(id: string, shards: number): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `s${hash % shards}`;
}

/** A shard of the read counter, chosen by the reader's uid. */
export function readShardOf(uid: string): string {
  return shardOf(uid, MASS_NOTIFICATION_LIMITS.readShards);
}

/**
 * A person opened an alert's in-app notification: its read counter counts each person once
 * (toggling "read" off and on again counts nothing more: the person's server-only marker
 * `readers/{uid}` only counts how often they `opened` it). Marker and increment are written in
 * one transaction, the count on a shard (so 50,000 people reading at once never write one
 * document more than once a second). True when this read counted a new reader.
 */
export async function countMassNotificationRead(
  db: Firestore,
  event: { uid: string; before: DocumentData; after: DocumentData },
): Promise<boolean> {
  const { before, after } = event;
  if (after.type !== MASS_NOTIFICATION_TYPE || typeof after.alertId !== 'string') return false;
  if (before.isRead === true || after.isRead !== true) return false;
  const alert = alerts(db).doc(after.alertId);
  const reader = alert.collection(MASS_NOTIFICATION_READERS).doc(event.uid);
  const shard = alert.collection(MASS_NOTIFICATION_READ_SHARDS).doc(readShardOf(event.uid));
  return db.runTransaction(async (tx) => {
    if ((await tx.get(reader)).exists) {
      tx.update(reader, { opened: FieldValue.increment(1) });
      return false;
    }
    tx.create(reader, { at: FieldValue.serverTimestamp(), opened: 1 });
    tx.set(shard, { count: FieldValue.increment(1) }, { merge: true });
    return true;
  });
}
