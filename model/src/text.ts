/**
 * The one home of this rule; firestore.rules restates HIDDEN_IN_LINE in `unsafeCharacters()`
 * (test/rules/model-drift.test.ts keeps the two equal).
 *
 * Characters that change how text reads without being seen: C0 and C1 control characters
 * (NUL included), bidirectional embeddings, overrides and isolates (which can reverse what a
 * reader sees, "Trojan Source"), directional marks, and the zero-width characters used to
 * make two different strings look the same (U+200B, U+2060 to U+2064, U+FEFF). ZWNJ and ZWJ (U+200C, U+200D) stay allowed: some
 * scripts and emoji sequences need them. Tab and line breaks are allowed in multi-line text only.
 */
/** Invisible characters other than C0 controls, refused in every text (as regex class source). */
const INVISIBLE = String.raw`\u007F-\u009F\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF`;
/** In one-line text every C0 control is refused, tab and line breaks included. */
export const HIDDEN_IN_LINE = new RegExp(String.raw`[\u0000-\u001F${INVISIBLE}]`, 'u');
/**
 * Multi-line text keeps tab (U+0009), line feed (U+000A) and carriage return (U+000D);
 * firestore.rules restates it in `unsafeInTextCharacters()` (internal notes).
 */
export const HIDDEN_IN_TEXT = new RegExp(
  String.raw`[\u0000-\u0008\u000B\u000C\u000E-\u001F${INVISIBLE}]`,
  'u',
);

/** The code point as people look it up: `U+202E`. */
function codePointLabel(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Why `text` cannot be stored as a name, title or other one-line field (`multiline: false`, the
 * default) or as a description or body (`multiline: true`), or null when it can. `label` starts
 * the sentence, as in the forms' other messages.
 */
export function hiddenCharacterProblem(
  text: string,
  label: string,
  { multiline = false }: { multiline?: boolean } = {},
): string | null {
  const found = (multiline ? HIDDEN_IN_TEXT : HIDDEN_IN_LINE).exec(text);
  if (!found) return null;
  const lineBreak = !multiline && /[\t\n\r]/.test(found[0]);
  return lineBreak
    ? `${label} must be a single line.`
    : `${label} cannot contain invisible or control characters (found ${codePointLabel(found[0])}).`;
}

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text put into HTML that is built as a string (a server page, a map label): markup escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);
}
