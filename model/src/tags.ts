import { LIMITS } from './constants';
import { hiddenCharacterProblem } from './text';

/** Display form of a tag: trimmed, inner whitespace collapsed. */
export function cleanTagName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/**
 * Document id of a tag: the case-folded clean name with characters Firestore ids forbid replaced,
 * so "Fire Drill" and " fire  drill " are the same tag and creating it twice fails atomically.
 */
export function tagId(name: string): string {
  return cleanTagName(name)
    .toLowerCase()
    .replace(/[/.]/g, '-')
    .replace(/^_+|_+$/g, '');
}

/**
 * Why a raw value cannot be a tag name, or null when it can. Besides empty and over-long names,
 * names whose id would silently be another thing are refused: `/` (a path separator), names
 * without a letter or digit (`..`, `--`) and names starting or ending with `_` (`__proto__`
 * would become the tag `proto`); so are invisible and control characters.
 */
export function tagNameProblem(raw: unknown): string | null {
  if (typeof raw !== 'string') return 'Tag names must be text.';
  const name = cleanTagName(raw);
  if (name.length === 0) return 'Tag names cannot be empty.';
  if (name.length > LIMITS.tagName) return `Tag names are at most ${LIMITS.tagName} characters.`;
  return tagNameRefusal(name);
}

/**
 * The problems of a clean, non-empty name of allowed length that make it no tag at all (rather
 * than one to skip, like an empty or repeated name): shared by tagNameProblem and addTags.
 */
export function tagNameRefusal(name: string): string | null {
  const hidden = hiddenCharacterProblem(name, 'Tag names');
  if (hidden) return hidden;
  if (name.includes('/')) return "Tag names cannot contain '/'.";
  if (!/[\p{L}\p{N}]/u.test(name)) return 'Tag names need at least one letter or digit.';
  if (/^_|_$/.test(name)) return "Tag names cannot start or end with '_'.";
  return null;
}
