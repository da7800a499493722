import { LIMITS } from './constants';

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

/** Why a raw value cannot be a tag name, or null when it can. */
export function tagNameProblem(raw: unknown): string | null {
  if (typeof raw !== 'string') return 'Tag names must be text.';
  const name = cleanTagName(raw);
  if (name.length === 0) return 'Tag names cannot be empty.';
  if (name.length > LIMITS.tagName) return `Tag names are at most ${LIMITS.tagName} characters.`;
  if (tagId(name).length === 0) return 'Tag names need at least one letter or digit.';
  return null;
}
