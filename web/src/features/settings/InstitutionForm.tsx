import { INSTITUTION_LIMITS, type Language } from '@campus-safety/model';
import { useMemo } from 'react';
import { SelectField, TextAreaField, TextField } from '../../components/fields';
import { toast } from '../../components/toast-store';
import { useForm } from '../../components/use-form';
import { useLiveDoc } from '../../data/live-query';
import { saveSetting, settingSpec } from '../../data/settings';
import { languageOptions } from '../../lib/language-options';
import {
  institutionDraftOf,
  institutionOfDraft,
  institutionProblems,
  type InstitutionField,
} from './institution-draft';
import { SettingSection } from './SettingSection';

/** The zones this browser knows, offered as the time zone box is typed in. */
function useTimeZones(): string[] {
  return useMemo(() => Intl.supportedValuesOf?.('timeZone') ?? [], []);
}

/**
 * The institution profile: its names, the programme time zone, the numbers to call, the address
 * and where maps open. The console, the app and the functions follow a save without a rebuild.
 */
export function InstitutionForm() {
  const live = useLiveDoc(settingSpec('institution'));
  const zones = useTimeZones();
  const form = useForm({
    initial: institutionDraftOf(live.data),
    stored: { ...live, version: live.data?.updatedAt?.toMillis() },
    validate: institutionProblems,
    request: (draft) => ({
      setting: 'institution' as const,
      value: { institution: institutionOfDraft(draft) },
    }),
    send: async (request) => {
      await saveSetting(request);
      toast.success('Institution saved');
    },
    failureTitle: 'Could not save the institution',
  });
  const text = (field: InstitutionField) => form.field(field);

  return (
    <SettingSection
      name="institution"
      description="Who runs the programme and how people reach help. Every time the console, the app, exports and mail show is in the time zone; the numbers are the app's and the console's call links."
      live={live}
      form={form}
      saveLabel="Save institution"
    >
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label="Name"
          maxLength={INSTITUTION_LIMITS.name}
          hint="As in the app's header and the mail sender, e.g. Metro University."
          {...text('name')}
        />
        <TextField
          label="Short name"
          maxLength={INSTITUTION_LIMITS.shortName}
          hint="Where the name does not fit: phones, tab titles."
          {...text('shortName')}
        />
        <TextField
          label="Time zone"
          list="institution-time-zones"
          autoComplete="off"
          spellCheck={false}
          hint="An IANA zone such as America/Chicago."
          {...text('timeZone')}
        />
        <datalist id="institution-time-zones">
          {zones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <SelectField
          label="Default language"
          options={languageOptions()}
          hint="Alerts' main text is in it; people without a version in their own language read it."
          {...form.field('defaultLanguage')}
          onChange={(value) => form.set('defaultLanguage')(value as Language)}
        />
      </div>
      <fieldset className="mb-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800">Emergency numbers</legend>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField
            label="Campus security: label"
            maxLength={INSTITUTION_LIMITS.label}
            {...text('securityLabel')}
          />
          <TextField
            label="Campus security: number"
            type="tel"
            inputMode="tel"
            hint="Required. Digits, spaces, + - ( ), 3 to 20 characters."
            {...text('securityPhone')}
          />
          <TextField
            label="Local emergency: label"
            maxLength={INSTITUTION_LIMITS.label}
            {...text('emergencyLabel')}
          />
          <TextField
            label="Local emergency: number"
            type="tel"
            inputMode="tel"
            hint="Optional: leave both boxes empty for none."
            {...text('emergencyPhone')}
          />
        </div>
      </fieldset>
      <TextAreaField
        label="Contact address"
        rows={2}
        maxLength={INSTITUTION_LIMITS.address}
        hint="Optional."
        {...text('address')}
      />
      <fieldset className="mb-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800">Default map view</legend>
        <div className="grid gap-x-4 sm:grid-cols-3">
          <TextField label="Centre latitude" inputMode="decimal" {...text('latitude')} />
          <TextField label="Centre longitude" inputMode="decimal" {...text('longitude')} />
          <TextField label="Zoom (1 to 19)" inputMode="numeric" {...text('zoom')} />
        </div>
      </fieldset>
    </SettingSection>
  );
}
