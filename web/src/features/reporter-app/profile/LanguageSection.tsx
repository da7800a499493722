import { useState } from 'react';
import { LANGUAGE_LABELS, isLanguage, type Language } from '@campus-safety/model';
import { SaveFooter, SelectField } from '../../../components/fields';
import { useForm } from '../../../components/use-form';
import { saveAlertLanguage } from '../../../data/reporter';
import { languageOptions } from '../../../lib/language-options';
import type { Profile } from '../../../session/store';

/**
 * The language alerts reach the person in (docs/mass-notifications.md#languages): an alert's
 * version in it when the alert has one, else its main text. None chosen: the roster's language
 * the institution gave, else the institution's default.
 */
export function LanguageSection({ uid, profile }: { uid: string; profile: Profile }) {
  const [saved, setSaved] = useState<string | null>(null);
  const stored = isLanguage(profile.language) ? profile.language : '';
  const form = useForm<{ language: Language | '' }>({
    initial: { language: stored },
    send: async ({ language }) => {
      setSaved(null);
      await saveAlertLanguage(uid, language || null);
      setSaved(
        language
          ? `Saved. Alerts in ${LANGUAGE_LABELS[language]} reach you in it.`
          : 'Saved. Alerts reach you in the language your institution gave, else its default.',
      );
    },
    // Followed live like the rest of the profile: a save elsewhere re-seeds it.
    stored: { status: 'ready', error: null, version: stored },
  });
  return (
    <>
      <h2 className="mt-8 mb-2 text-lg font-semibold text-slate-900">Language of alerts</h2>
      <form onSubmit={form.submit} noValidate className="max-w-md">
        <SelectField
          label="Language"
          placeholder="As my institution gave it"
          options={languageOptions()}
          hint="Alerts written in it reach you in it; others in the institution's language."
          {...form.field('language')}
          onChange={(value) => form.set('language')(value as Language | '')}
        />
        <SaveFooter failure={form.failure} busy={form.busy} label="Save language" saved={saved} />
      </form>
    </>
  );
}
