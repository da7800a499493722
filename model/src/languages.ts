/**
 * The languages alerts and templates come in (issue 31 item 7, docs/mass-notifications.md#languages):
 * a bounded list of BCP 47 primary language subtags. Each person reads an alert in their own
 * (their /app profile's, else their roster row's) when it has a version in it, else in the
 * institution's default language, the language of the alert's main text.
 */
import { z } from './zod-config';

/**
 * The supported languages, by BCP 47 primary subtag: the rules restate this list (they check a
 * profile's choice and the templates' versions against it), so it stays short.
 */
export const LANGUAGES = ['en', 'fil', 'ceb', 'ilo', 'es', 'zh', 'ko', 'ja', 'vi', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in English and in itself, as pickers show it. */
export const LANGUAGE_LABELS: Readonly<Record<Language, string>> = {
  en: 'English',
  fil: 'Filipino',
  ceb: 'Cebuano (Bisaya)',
  ilo: 'Ilocano (Ilokano)',
  es: 'Spanish (Español)',
  zh: 'Chinese (中文)',
  ko: 'Korean (한국어)',
  ja: 'Japanese (日本語)',
  vi: 'Vietnamese (Tiếng Việt)',
  ar: 'Arabic (العربية)',
};

/** The institution's default language where its profile names none. */
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export const languageSchema = z.enum(LANGUAGES, {
  error: `Language must be one of ${LANGUAGES.join(', ')}.`,
});

/**
 * The supported language a stored tag names, or null: its primary subtag in any case, so a
 * roster's "fil-PH" or "EN" counts as "fil" or "en"; anything else (unknown, not text) is none.
 */
export function languageOfTag(tag: unknown): Language | null {
  if (typeof tag !== 'string') return null;
  const primary = tag.trim().split(/[-_]/)[0]!.toLowerCase();
  return isLanguage(primary) ? primary : null;
}
