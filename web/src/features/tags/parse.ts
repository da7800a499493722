import { cleanTagName, LIMITS, tagId, tagNameProblem } from '@campus-safety/model';

/** Splits what was typed (commas or new lines) into names, dropping blanks and repeats. */
export function parseTagInput(text: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const part of text.split(/[,\n]/)) {
    const name = cleanTagName(part);
    if (!name || seen.has(tagId(name))) continue;
    seen.add(tagId(name));
    names.push(name);
  }
  return names;
}

/** The first problem with the typed names, shown next to the field before anything is sent. */
export function tagInputProblem(names: string[], existing: readonly string[]): string | undefined {
  if (names.length === 0) return 'Enter at least one tag name.';
  if (names.length > LIMITS.tagsPerRequest)
    return `Add at most ${LIMITS.tagsPerRequest} tags at once.`;
  for (const name of names) {
    const problem = tagNameProblem(name);
    if (problem) return `“${name}”: ${problem}`;
  }
  const known = new Set(existing.map(tagId));
  if (names.every((n) => known.has(tagId(n)))) return 'All of these tags already exist.';
  return undefined;
}
