import {
  CHOICE_LIST_MAX,
  CHOICE_TEXT_MAX,
  declineReasonsOf,
  resolveCodesOf,
} from '@campus-safety/model';
import { TextAreaField } from '../../components/fields';
import { toast } from '../../components/toast-store';
import { useForm, type FieldBinding } from '../../components/use-form';
import { useLiveDoc } from '../../data/live-query';
import { saveSetting, settingSpec } from '../../data/settings';
import { SettingSection } from './SettingSection';

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The decline reasons staff choose from, one per line (docs/settings.md#decline-reasons-and-resolve-codes). */
export function DeclineReasonsForm() {
  const live = useLiveDoc(settingSpec('declineReasons'));
  const form = useForm({
    initial: { text: declineReasonsOf(live.data).join('\n') },
    stored: { ...live, version: live.data?.updatedAt?.toMillis() },
    request: ({ text }) => ({
      setting: 'declineReasons' as const,
      value: { reasons: lines(text) },
    }),
    send: async (request) => {
      await saveSetting(request);
      toast.success('Decline reasons saved');
    },
    failureTitle: 'Could not save the decline reasons',
  });
  return (
    <SettingSection
      name="declineReasons"
      description="The reasons staff decline a report with. A declined report keeps the reason it was declined with."
      live={live}
      form={form}
      saveLabel="Save reasons"
    >
      <ChoiceLines label="Decline reasons" binding={form.field('text')} />
    </SettingSection>
  );
}

/** The resolve codes of accomplishment reports, one per line. */
export function ResolveCodesForm() {
  const live = useLiveDoc(settingSpec('resolveCodes'));
  const form = useForm({
    initial: { text: resolveCodesOf(live.data).join('\n') },
    stored: { ...live, version: live.data?.updatedAt?.toMillis() },
    request: ({ text }) => ({ setting: 'resolveCodes' as const, value: { codes: lines(text) } }),
    send: async (request) => {
      await saveSetting(request);
      toast.success('Resolve codes saved');
    },
    failureTitle: 'Could not save the resolve codes',
  });
  return (
    <SettingSection
      name="resolveCodes"
      description="The codes an accomplishment report is resolved with. A saved accomplishment report keeps its code."
      live={live}
      form={form}
      saveLabel="Save codes"
    >
      <ChoiceLines label="Resolve codes" binding={form.field('text')} />
    </SettingSection>
  );
}

function ChoiceLines({ label, binding }: { label: string; binding: FieldBinding<string> }) {
  return (
    <TextAreaField
      label={label}
      hint={`One per line; at most ${CHOICE_LIST_MAX}, each at most ${CHOICE_TEXT_MAX} characters.`}
      rows={6}
      value={binding.value}
      onChange={binding.onChange}
    />
  );
}
