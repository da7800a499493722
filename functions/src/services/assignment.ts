import type { DocumentData, Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS, fullName, isStaffRole, tagId } from '@campus-safety/model';
import { userIdOf } from './user-refs';

/**
 * The assignee's name as the reporter is shown it: from the assignee's own `users` document,
 * never from `assignedTo.displayName`, which the assigning client wrote. Null (the notification
 * then says "The safety team") when `assignedTo` does not name a staff account with that email.
 */
export async function trustedAssigneeName(
  db: Firestore,
  assignedTo: unknown,
): Promise<string | null> {
  const { id: rawId, email } = (assignedTo ?? {}) as { id?: unknown; email?: unknown };
  const id = userIdOf(rawId);
  if (!id) return null;
  const profile = (await db.collection(COLLECTIONS.users).doc(id).get()).data();
  if (!profile || !isStaffRole(profile.role) || profile.email !== email) return null;
  return fullName(profile) || null;
}

/**
 * The incident's tags that name a tag of the `tags` collection (looked up by tagId, name equal),
 * in their order. The rules bound the list (LIMITS.tagsPerItem strings of LIMITS.tagName); which
 * names exist is checked here, in the trigger's transaction, since the rules' call limit leaves
 * no room for one exists() per tag.
 */
export async function knownTags(tx: Transaction, db: Firestore, incident: DocumentData) {
  const names: string[] = Array.isArray(incident.tags)
    ? incident.tags.filter((t: unknown): t is string => typeof t === 'string')
    : [];
  const ids = names.map((name) => tagId(name));
  const refs = ids
    .filter((id) => id.length > 0)
    .map((id) => db.collection(COLLECTIONS.tags).doc(id));
  const found = refs.length > 0 ? await tx.getAll(...refs) : [];
  const existing = new Set(found.filter((s) => s.exists).map((s) => s.get('name') as unknown));
  return names.filter((name) => existing.has(name));
}
