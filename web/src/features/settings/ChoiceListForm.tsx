import {
  CHOICE_LIST_MAX,
  CHOICE_TEXT_MAX,
  declineReasonsOf,
  resolveCodesOf,
  type SaveSettingInput,
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

type ChoiceListSetting = 'declineReasons' | 'resolveCodes';

/** What differs between the editable lists: the rest is one form. */
const CHOICE_LISTS: Record<
  ChoiceListSetting,
  {
    read: (stored: unknown) => string[];
    request: (list: string[]) => SaveSettingInput;
    label: string;
    description: string;
    saveLabel: string;
  }
> = {
  declineReasons: {
    read: declineReasonsOf,
    request: (reasons) => ({ setting: 'declineReasons', value: { reasons } }),
    label: 'Decline reasons',
    description:
      'The reasons staff decline a report with. A declined report keeps the reason it was declined with.',
    saveLabel: 'Save reasons',
  },
  resolveCodes: {
    read: resolveCodesOf,
    request: (codes) => ({ setting: 'resolveCodes', value: { codes } }),
    label: 'Resolve codes',
    description:
      'The codes an accomplishment report is resolved with. A saved accomplishment report keeps its code.',
    saveLabel: 'Save codes',
  },
};

/**
 * An editable list of choices, one per line: the decline reasons staff choose from, or the
 * resolve codes of accomplishment reports (docs/settings.md#decline-reasons-and-resolve-codes).
 */
export function ChoiceListForm({ setting }: { setting: ChoiceListSetting }) {
  const list = CHOICE_LISTS[setting];
  const live = useLiveDoc(settingSpec(setting));
  const form = useForm({
    initial: { text: list.read(live.data).join('\n') },
    stored: { ...live, version: live.data?.updatedAt?.toMillis() },
    request: ({ text }) => list.request(lines(text)),
    send: async (request) => {
      await saveSetting(request);
      toast.success(`${list.label} saved`);
    },
    failureTitle: `Could not save the ${list.label.toLowerCase()}`,
  });
  return (
    <SettingSection
      name={setting}
      description={list.description}
      live={live}
      form={form}
      saveLabel={list.saveLabel}
    >
      <ChoiceLines label={list.label} binding={form.field('text')} />
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
