import { LIMITS, cleanTagName, tagId, type AddTagsResponse } from '@campus-safety/model';

export type SkipReason = AddTagsResponse['skipped'][number]['reason'];

export interface TagCandidate {
  id: string;
  name: string;
}

/**
 * Sorts raw tag input (spec section 5): non-strings and empty names are skipped, as are
 * over-long names and repeats within the same request (same normalised id). What remains is
 * created one document per id, so "already exists" is decided atomically by Firestore.
 */
export function sortTagInput(raw: readonly unknown[]): {
  candidates: TagCandidate[];
  skipped: AddTagsResponse['skipped'];
} {
  const candidates: TagCandidate[] = [];
  const skipped: AddTagsResponse['skipped'] = [];
  const seen = new Set<string>();
  for (const value of raw) {
    if (typeof value !== 'string') {
      skipped.push({ name: value, reason: 'not-a-string' });
      continue;
    }
    const name = cleanTagName(value);
    const id = tagId(name);
    if (name.length === 0 || id.length === 0) {
      skipped.push({ name: value, reason: 'empty' });
    } else if (name.length > LIMITS.tagName) {
      skipped.push({ name: value, reason: 'too-long' });
    } else if (seen.has(id)) {
      skipped.push({ name: value, reason: 'duplicate' });
    } else {
      seen.add(id);
      candidates.push({ id, name });
    }
  }
  return { candidates, skipped };
}
