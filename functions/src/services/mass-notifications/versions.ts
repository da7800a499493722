/**
 * The channel texts of an alert's versions (docs/mass-notifications.md#languages), for the
 * pages of accounts (deliver.ts) and of the roster's contact-only people (contacts.ts).
 */
import type { DocumentData } from 'firebase-admin/firestore';
import { channelTexts, type ChannelTexts, type Language } from '@campus-safety/model';
import { alertVersionFor, type ReaderLanguages } from '../../domain/alert-language';

/** The version of a stored alert a person reads (alertVersionFor over the alert's fields). */
export function storedVersionFor(alert: DocumentData, person: ReaderLanguages) {
  const { title, body, language, translations } = alert;
  return alertVersionFor(
    { title: String(title), body: String(body), language, translations },
    person,
  );
}

/**
 * The texts of the version in `language` (null or a language it has no version in: the main
 * text), built once per language; a person's reply link makes texts of their own.
 */
export function versionTexts(
  alert: DocumentData,
): (language: Language | null, replyLink?: string | null) => ChannelTexts {
  const built = new Map<Language, ChannelTexts>();
  const build = (language: Language | null, replyLink: string | null) => {
    const version = storedVersionFor(alert, { profile: language });
    const texts = channelTexts({ kind: alert.kind, ...version, replyLink });
    return { language: version.language, texts };
  };
  return (language, replyLink = null) => {
    if (replyLink) return build(language, replyLink).texts;
    const known = language ? built.get(language) : undefined;
    if (known) return known;
    const { language: got, texts } = build(language, null);
    if (language) built.set(language, texts);
    built.set(got, texts);
    return texts;
  };
}

/** How many people of a page got each language's version (the page's `languages`). */
export function languageCounts(languages: Iterable<Language>): Partial<Record<Language, number>> {
  const counts: Partial<Record<Language, number>> = {};
  for (const language of languages) counts[language] = (counts[language] ?? 0) + 1;
  return counts;
}
