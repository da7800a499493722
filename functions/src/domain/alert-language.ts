/**
 * Which language's version of an alert a person gets (docs/mass-notifications.md#languages):
 * one decision for push, in-app, email and SMS, for accounts and the roster's contact-only
 * people alike.
 */
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  languageOfTag,
  type AlertTranslations,
  type AlertVersion,
  type Language,
} from '@campus-safety/model';

/** What is known of a person's language: their /app profile's choice and their roster row's tag. */
export interface ReaderLanguages {
  /** `users/{uid}.language` (an account only). */
  profile?: unknown;
  /** `roster/{id}.language`: the tag the institution's CSV gave ("fil", "fil-PH"), for either kind of person. */
  roster?: unknown;
}

/**
 * The version of `alert` a person reads and its language: the version in their language (their
 * profile's, else their roster row's, read by its primary subtag) when the alert has one, else
 * the main text, which is in the alert's `language` (the institution's default when it was sent).
 * An unsupported or missing language is no language: the main text.
 */
export function alertVersionFor(
  alert: { title: string; body: string; language?: unknown; translations?: unknown },
  person: ReaderLanguages,
): AlertVersion & { language: Language } {
  const main = isLanguage(alert.language) ? alert.language : DEFAULT_LANGUAGE;
  const own = (isLanguage(person.profile) ? person.profile : null) ?? languageOfTag(person.roster);
  const versions = (
    alert.translations && typeof alert.translations === 'object' ? alert.translations : {}
  ) as AlertTranslations;
  const version = own && own !== main ? versions[own] : undefined;
  return version
    ? { language: own!, title: version.title, body: version.body }
    : { language: main, title: alert.title, body: alert.body };
}

/** Whether an alert has any version beside its main text (else nobody's language is read). */
export function hasTranslations(alert: { translations?: unknown }): boolean {
  const t = alert.translations;
  return !!t && typeof t === 'object' && Object.keys(t).length > 0;
}
