import type { Firestore, Query } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  MESSAGES,
  cleanTagName,
  tagId,
  tagNameProblem,
  type AddTagsResponse,
  type TagUsageResponse,
} from '@campus-safety/model';
import { sortTagInput } from '../domain/tag-input';
import { fail, isAlreadyExists } from '../platform/errors';
import type { Caller } from '../platform/caller';

/**
 * Adds tags (docs/requirements.md#validation): empty and non-string names are skipped, so are names
 * that exist; a name that is no tag at all (tagNameRefusal) refuses the whole request, nothing
 * added. The document id is the normalised name and each tag is created with create(), so two
 * people adding the same name at once still end with one tag.
 */
export async function addTags(db: Firestore, names: unknown[]): Promise<AddTagsResponse> {
  const { candidates, skipped, refused } = sortTagInput(names);
  const [first] = refused;
  if (first) {
    fail('invalid-argument', `Could not add the tags. "${String(first.name)}": ${first.problem}`, {
      refused,
    });
  }
  const tags = db.collection(COLLECTIONS.tags);
  const results = await Promise.all(
    candidates.map(async (tag) => {
      try {
        await tags.doc(tag.id).create({ name: tag.name });
        return { tag, added: true };
      } catch (error) {
        if (isAlreadyExists(error)) return { tag, added: false };
        throw error;
      }
    }),
  );
  return {
    added: results.filter((r) => r.added).map((r) => r.tag.name),
    skipped: [
      ...skipped,
      ...results
        .filter((r) => !r.added)
        .map((r) => ({ name: r.tag.name, reason: 'exists' as const })),
    ],
  };
}

/** Items whose `tags` array holds a tag name; renaming a tag renames it there too. */
const TAGGED = [COLLECTIONS.incidentReports, COLLECTIONS.announcements] as const;
const BATCH_LIMIT = 400;

/**
 * Renames a tag. When the new name normalises to another id the tag moves to that id in one
 * transaction (refused if a tag of that name exists); incidents and announcements carrying the
 * old name are then updated to the new one.
 */
export async function renameTag(
  db: Firestore,
  id: string,
  rawName: string,
): Promise<{ id: string; name: string }> {
  const problem = tagNameProblem(rawName);
  if (problem) fail('invalid-argument', `${MESSAGES.failedToUpdateTag} ${problem}`);
  const name = cleanTagName(rawName);
  const newId = tagId(name);
  const tags = db.collection(COLLECTIONS.tags);
  const oldName = await db.runTransaction(async (tx) => {
    const current = await tx.get(tags.doc(id));
    if (!current.exists)
      fail('not-found', `${MESSAGES.failedToUpdateTag} The tag no longer exists.`);
    if (newId !== id) {
      const clash = await tx.get(tags.doc(newId));
      if (clash.exists)
        fail(
          'already-exists',
          `${MESSAGES.failedToUpdateTag} A tag named "${clash.get('name')}" already exists.`,
        );
      tx.create(tags.doc(newId), { name });
      tx.delete(tags.doc(id));
    } else {
      tx.update(tags.doc(id), { name });
    }
    return String(current.get('name'));
  });
  if (oldName !== name) {
    for (const collection of TAGGED) {
      const tagged = await db.collection(collection).where('tags', 'array-contains', oldName).get();
      for (let i = 0; i < tagged.docs.length; i += BATCH_LIMIT) {
        const batch = db.batch();
        for (const doc of tagged.docs.slice(i, i + BATCH_LIMIT)) {
          const tagsNow = (doc.get('tags') as unknown[]).map((t) => (t === oldName ? name : t));
          batch.update(doc.ref, { tags: [...new Set(tagsNow)] });
        }
        await batch.commit();
      }
    }
  }
  return { id: newId, name };
}

/** Deletes a tag; items keep the name they were tagged with, as a record of what was said. */
export async function deleteTag(db: Firestore, id: string): Promise<void> {
  const ref = db.collection(COLLECTIONS.tags).doc(id);
  await db.runTransaction(async (tx) => {
    const current = await tx.get(ref);
    if (!current.exists)
      fail('not-found', `${MESSAGES.failedToDeleteTag} The tag no longer exists.`);
    tx.delete(ref);
  });
}

/** How many incidents and announcements carry any of the names (array-contains-any, count aggregation). */
export async function tagUsage(
  db: Firestore,
  names: string[],
  caller: Pick<Caller, 'role' | 'campus'>,
): Promise<TagUsageResponse> {
  // An IMT learns only what it could read itself: its campus's live reports and live
  // announcements (issue 17 item 10); an Admin renaming a tag needs every use, archived too.
  const scoped = caller.role !== 'Admin';
  const count = async (collection: string, campus?: string | null) => {
    let query: Query = db.collection(collection);
    if (scoped) {
      if (campus !== undefined) query = query.where('nearestCampus', '==', campus);
      query = query.where('isArchived', '==', false);
    }
    return (await query.where('tags', 'array-contains-any', names).count().get()).data().count;
  };
  const [incidents, announcements] = await Promise.all([
    count(COLLECTIONS.incidentReports, caller.campus),
    count(COLLECTIONS.announcements),
  ]);
  return { incidents, announcements };
}
