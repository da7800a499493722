import { LANGUAGES, LANGUAGE_LABELS, type Language } from '@campus-safety/model';

/** The supported languages as a select's options (docs/mass-notifications.md#languages), less `except`. */
export function languageOptions(except: readonly Language[] = []) {
  return LANGUAGES.filter((l) => !except.includes(l)).map((l) => ({
    value: l,
    label: LANGUAGE_LABELS[l],
  }));
}
