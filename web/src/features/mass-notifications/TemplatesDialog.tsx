import {
  MASS_NOTIFICATION_LIMITS,
  TEMPLATE_INFO,
  TEMPLATE_KEYS,
  massNotificationSettingsProblem,
  type MassNotificationSettings,
} from '@campus-safety/model';
import { Dialog, DialogFooter } from '../../components/Dialog';
import { FormFailure, TextAreaField, TextField } from '../../components/fields';
import { toast } from '../../components/toast-store';
import { useForm } from '../../components/use-form';
import { saveMassNotificationSettings } from '../../data/mass-notifications';
import { useInstitution } from '../../lib/institution';
import { VersionFields, draftsOf, translationsOf, type VersionDraft } from './VersionFields';

/**
 * Admins edit the alert templates (rules-validated). Which alerts need a second Admin is the
 * "Alert approval" setting on /settings, kept with its history.
 */
export function TemplatesDialog({
  settings,
  onClose,
}: {
  settings: MassNotificationSettings;
  onClose: () => void;
}) {
  const main = useInstitution().defaultLanguage;
  const form = useForm<MassNotificationSettings, 'templates'>({
    initial: settings,
    validate: (values) => ({ templates: massNotificationSettingsProblem(values) ?? undefined }),
    send: async (values) => {
      await saveMassNotificationSettings(values);
      toast.success('Alert settings saved');
      onClose();
    },
    failureTitle: 'The alert settings were not saved',
  });
  const v = form.values;
  const setTemplate =
    (key: (typeof TEMPLATE_KEYS)[number], part: 'title' | 'body') => (text: string) =>
      form.setValues((old) => ({
        ...old,
        templates: { ...old.templates, [key]: { ...old.templates[key], [part]: text } },
      }));
  // A template with no versions keeps none (the rules and readers take a missing field as none).
  const setVersions = (key: (typeof TEMPLATE_KEYS)[number]) => (versions: VersionDraft[]) =>
    form.setValues((old) => {
      const { translations: _old, ...rest } = old.templates[key];
      const next = versions.length > 0 ? { ...rest, translations: translationsOf(versions) } : rest;
      return { ...old, templates: { ...old.templates, [key]: next } };
    });
  return (
    <Dialog open wide onClose={onClose} busy={form.busy} title="Alert templates">
      <form onSubmit={form.submit} noValidate>
        {TEMPLATE_KEYS.map((key) => (
          <fieldset key={key} className="mb-3 rounded border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold">{TEMPLATE_INFO[key].label}</legend>
            <TextField
              label="Title"
              value={v.templates[key].title}
              onChange={setTemplate(key, 'title')}
              maxLength={MASS_NOTIFICATION_LIMITS.title}
            />
            <TextAreaField
              label="Text"
              rows={3}
              value={v.templates[key].body}
              onChange={setTemplate(key, 'body')}
              maxLength={MASS_NOTIFICATION_LIMITS.body}
            />
            <VersionFields
              versions={draftsOf(v.templates[key].translations, main)}
              main={main}
              onChange={setVersions(key)}
              error={undefined}
            />
          </fieldset>
        ))}
        <FormFailure message={form.errors.templates ?? form.failure} />
        <DialogFooter onCancel={onClose} busy={form.busy} label="Save" />
      </form>
    </Dialog>
  );
}
