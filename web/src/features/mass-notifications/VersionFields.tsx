import {
  LANGUAGE_LABELS,
  MASS_NOTIFICATION_LIMITS,
  type AlertTranslations,
  type Language,
} from '@campus-safety/model';
import { Button } from '../../components/Button';
import { SelectField, TextAreaField, TextField } from '../../components/fields';
import { languageOptions } from '../../lib/language-options';

/** One version in another language, as a form holds it (in the order it was added). */
export interface VersionDraft {
  language: Language;
  title: string;
  body: string;
}

/** The stored versions as a form's list, less one in the main text's language (never read). */
export function draftsOf(
  translations: AlertTranslations | undefined,
  main: Language,
): VersionDraft[] {
  return Object.entries(translations ?? {})
    .filter(([language]) => language !== main)
    .map(([language, v]) => ({ language: language as Language, title: v.title, body: v.body }));
}

/** What is sent or saved: the versions by language (the model's translationsSchema checks them). */
export function translationsOf(versions: readonly VersionDraft[]): AlertTranslations {
  return Object.fromEntries(versions.map((t) => [t.language, { title: t.title, body: t.body }]));
}

/**
 * The versions in other languages of an alert or template (docs/mass-notifications.md#languages):
 * up to MASS_NOTIFICATION_LIMITS.translations, each in a language not yet used and not the main
 * text's, with its own title and text. Each person gets their language's, else the main text.
 */
export function VersionFields({
  versions,
  main,
  onChange,
  error,
}: {
  versions: VersionDraft[];
  /** The main text's language: the institution's default. */
  main: Language;
  onChange: (next: VersionDraft[]) => void;
  error: string | undefined;
}) {
  const used = [main, ...versions.map((t) => t.language)];
  const free = languageOptions(used);
  const change = (k: number, part: Partial<VersionDraft>) =>
    onChange(versions.map((t, i) => (i === k ? { ...t, ...part } : t)));
  return (
    <fieldset className="mb-3 rounded border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">Other languages</legend>
      <p className="mb-2 text-xs text-slate-600">
        The title and text above are in {LANGUAGE_LABELS[main]}, the institution's default. People
        whose profile or roster names a language below get its version; everyone else the{' '}
        {LANGUAGE_LABELS[main]} one.
      </p>
      {versions.map((t, k) => (
        <div key={t.language} className="mb-2 border-t border-slate-100 pt-2">
          <div className="flex items-end gap-2">
            <div className="grow">
              <SelectField
                label={`Version ${k + 1}: language`}
                value={t.language}
                onChange={(language) => change(k, { language: language as Language })}
                options={languageOptions(used.filter((l) => l !== t.language))}
              />
            </div>
            <Button
              variant="secondary"
              className="mb-3"
              onClick={() => onChange(versions.filter((_, i) => i !== k))}
            >
              Remove
            </Button>
          </div>
          <TextField
            label={`${LANGUAGE_LABELS[t.language]} title`}
            value={t.title}
            onChange={(title) => change(k, { title })}
            maxLength={MASS_NOTIFICATION_LIMITS.title}
          />
          <TextAreaField
            label={`${LANGUAGE_LABELS[t.language]} text`}
            rows={3}
            value={t.body}
            onChange={(body) => change(k, { body })}
            maxLength={MASS_NOTIFICATION_LIMITS.body}
          />
        </div>
      ))}
      {error && (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {versions.length < MASS_NOTIFICATION_LIMITS.translations && free.length > 0 && (
        <Button
          variant="secondary"
          onClick={() => onChange([...versions, { language: free[0]!.value, title: '', body: '' }])}
        >
          Add a version in another language
        </Button>
      )}
    </fieldset>
  );
}
