/**
 * The documents every stage of an alert's pipeline reads (docs/mass-notifications.md): the
 * alerts and a page's server-only list of its people.
 */
import { type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, MASS_NOTIFICATION_RECIPIENTS } from '@campus-safety/model';

export function alerts(db: Firestore) {
  return db.collection(COLLECTIONS.massNotifications);
}

/** The server-only doc of a page that names its people (the page itself keeps counts only). */
export function recipientsOf(page: DocumentReference) {
  return page.collection(MASS_NOTIFICATION_RECIPIENTS).doc('list');
}
