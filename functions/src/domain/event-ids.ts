import { createHash } from 'node:crypto';

const SAFE_ID = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * A Firestore document id derived from a CloudEvent id, so work keyed by it (notification,
 * marker, push record) is written once however often the event is delivered. Ids that are not
 * plainly safe as document ids are hashed.
 */
export function eventDocId(eventId: string, scope?: string): string {
  const base = SAFE_ID.test(eventId) ? eventId : createHash('sha256').update(eventId).digest('hex');
  return scope ? `${scope}-${base}` : base;
}
