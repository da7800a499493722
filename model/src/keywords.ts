/**
 * Search words: the one tokeniser behind an incident's `keywords` (written by the server's
 * trigger and the seed) and the console's search box, so a word typed matches a word stored.
 * Firestore has no full-text search; `keywords array-contains-any [words]` is the query.
 */

/**
 * Longest stored word, in code points; longer ones are cut (on both sides, so they still match).
 * Cut by code points, never mid surrogate pair: half a pair is not a string Firestore stores as
 * written, so the stored words would never equal the computed ones (issue 17 item 7).
 */
export const MAX_KEYWORD_LENGTH = 40;
/** Most words kept per report (the fields that name the report come first). */
export const MAX_KEYWORDS = 200;
/** Firestore's limit on the values of one `array-contains-any` filter (disjunctions). */
export const MAX_SEARCH_WORDS = 30;
/** Longest search text the console accepts (a bound on what is tokenised on every keystroke). */
export const MAX_SEARCH_LENGTH = 500;

/** Words too common to tell reports apart; a search for them alone would match nearly all. */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'an and are as at be been but by can did do does for from had has have he her his how if in ' +
    'into is it its me my near no not of on or our she so than that the their them then there ' +
    'they this to too up us was we were what when where which who will with you your'
  ).split(' '),
);

/** An email address inside free text, kept as one word (domain with a dot and letters). */
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/** Lower-case with accents folded (é → e, ñ → n), so "Élan" and "elan" are one word. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The first `count` code points of a text (`slice` counts UTF-16 units and can split a pair). */
function firstCodePoints(text: string, count: number): string {
  return Array.from(text).slice(0, count).join('');
}

/**
 * The search words of a text, in order of first appearance, without repeats: emails whole and
 * also by the words of their local part, other words split on anything not a letter or digit;
 * single characters and stop-words dropped, each cut to MAX_KEYWORD_LENGTH.
 */
export function searchWords(text: string): string[] {
  const folded = foldText(text);
  const found: string[] = [];
  for (const email of folded.match(EMAIL) ?? []) {
    found.push(email, ...(email.split('@')[0]!.match(WORD) ?? []));
  }
  found.push(...(folded.replace(EMAIL, ' ').match(WORD) ?? []));
  const words = new Set<string>();
  for (const word of found) {
    if (word.length < 2 || STOP_WORDS.has(word)) continue;
    words.add(word.length > MAX_KEYWORD_LENGTH ? firstCodePoints(word, MAX_KEYWORD_LENGTH) : word);
  }
  return [...words];
}

/** The incident fields that are searched (a change to any of them rewrites `keywords`). */
export interface KeywordSource {
  incidentType?: string | null;
  nearestCampus?: string | null;
  tags?: readonly string[] | null;
  email?: string | null;
  assignedTo?: { displayName?: string | null; email?: string | null } | null;
  description?: string | null;
}

/**
 * An incident's `keywords`: the words of its type, campus, tags, reporter email, assignee name and
 * email, then description, at most MAX_KEYWORDS. Fields that name the report come first, so a long
 * description cannot push them out.
 */
export function incidentKeywords(incident: KeywordSource): string[] {
  const texts = [
    incident.incidentType,
    incident.nearestCampus,
    ...(incident.tags ?? []),
    incident.email,
    incident.assignedTo?.displayName,
    incident.assignedTo?.email,
    incident.description,
  ];
  const words = new Set<string>();
  for (const text of texts) {
    if (typeof text !== 'string') continue;
    for (const word of searchWords(text)) {
      if (words.size === MAX_KEYWORDS) return [...words];
      words.add(word);
    }
  }
  return [...words];
}

/** Whether a stored `keywords` value is exactly what the fields give (so the trigger need not write). */
export function keywordsUpToDate(stored: unknown, incident: KeywordSource): boolean {
  const wanted = incidentKeywords(incident);
  return (
    Array.isArray(stored) &&
    stored.length === wanted.length &&
    stored.every((word, i) => word === wanted[i])
  );
}

export type SearchQuery = { words: string[]; problem: null } | { words: []; problem: string };

/**
 * What the search box asks for: its words (matched with OR: a report with any of them), or why it
 * cannot be searched. An empty box is no search (no words, no problem).
 */
export function searchQuery(text: string): SearchQuery {
  if (text.length > MAX_SEARCH_LENGTH)
    return { words: [], problem: `Search must be at most ${MAX_SEARCH_LENGTH} characters.` };
  const words = searchWords(text);
  if (words.length > MAX_SEARCH_WORDS)
    return { words: [], problem: `Search for at most ${MAX_SEARCH_WORDS} words at once.` };
  if (words.length === 0 && text.trim() !== '')
    return {
      words: [],
      problem: 'Search for a word of two or more letters or digits that is not a common word.',
    };
  return { words, problem: null };
}
