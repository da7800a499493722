import {
  LIMITS,
  cleanTagName,
  tagId,
  tagNameRefusal,
  type AddTagsResponse,
} from '@campus-safety/model';

export type SkipReason = AddTagsResponse['skipped'][number]['reason'];

export interface TagCandidate {
  id: string;
  name: string;
}

export interface RefusedTag {
  /** The name as echoed back (shortened, see echoedName). */
  name: unknown;
  problem: string;
}

/**
 * What a skipped or refused input is echoed back as: never more than a tag name's length plus an
 * ellipsis, and only primitive values, so a megabyte "name" or a nested object is not sent back.
 */
export function echoedName(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length > LIMITS.tagName ? `${value.slice(0, LIMITS.tagName)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  return null;
}

/**
 * Sorts raw tag input (docs/requirements.md#validation): non-strings and empty names are skipped,
 * as are over-long names and repeats within the same request (same normalised id). Names that are
 * no tag at all (tagNameRefusal: they would become another id, or hide characters) are refused, so
 * the caller can turn the whole request down. What remains is created one document per id, so
 * "already exists" is decided atomically by Firestore.
 */
export function sortTagInput(raw: readonly unknown[]): {
  candidates: TagCandidate[];
  skipped: AddTagsResponse['skipped'];
  refused: RefusedTag[];
} {
  const candidates: TagCandidate[] = [];
  const skipped: AddTagsResponse['skipped'] = [];
  const refused: RefusedTag[] = [];
  const seen = new Set<string>();
  for (const value of raw) {
    const skip = (reason: SkipReason) => skipped.push({ name: echoedName(value), reason });
    if (typeof value !== 'string') {
      skip('not-a-string');
      continue;
    }
    const name = cleanTagName(value);
    const id = tagId(name);
    const refusal = name.length > 0 && name.length <= LIMITS.tagName && tagNameRefusal(name);
    if (name.length === 0) {
      skip('empty');
    } else if (name.length > LIMITS.tagName) {
      skip('too-long');
    } else if (refusal) {
      refused.push({ name: echoedName(value), problem: refusal });
    } else if (seen.has(id)) {
      skip('duplicate');
    } else {
      seen.add(id);
      candidates.push({ id, name });
    }
  }
  return { candidates, skipped, refused };
}
