import {
  APPROVAL_AUDIENCES,
  APPROVAL_AUDIENCE_LABELS,
  APPROVAL_URGENCIES,
  APPROVAL_URGENCY_LABELS,
  alertApprovalOf,
} from '@campus-safety/model';
import { RadioGroup } from '../../components/fields';
import { toast } from '../../components/toast-store';
import { useForm } from '../../components/use-form';
import { useLiveDoc } from '../../data/live-query';
import { saveSetting, settingSpec } from '../../data/settings';
import { SettingSection } from './SettingSection';

/**
 * Which alerts wait for a second Admin, by whom they reach and whether they ring phones, never by
 * the kind the author picks (docs/mass-notifications.md#templates).
 */
export function AlertApprovalForm() {
  const live = useLiveDoc(settingSpec('alertApproval'));
  const form = useForm({
    initial: alertApprovalOf(live.data),
    stored: { ...live, version: live.data?.updatedAt?.toMillis() },
    request: (approval) => ({ setting: 'alertApproval' as const, value: { approval } }),
    send: async (request) => {
      await saveSetting(request);
      toast.success('Alert approval saved');
    },
    failureTitle: 'Could not save the alert approval',
  });
  const draft = form.values;

  return (
    <SettingSection
      name="alertApproval"
      description="Which alerts wait until a second Admin approves them, whatever kind their author chose. The approver is never the author, nor an account the author created, invited or gave a role to."
      live={live}
      form={form}
      saveLabel="Save approval"
    >
      <RadioGroup
        legend="Alerts that need a second Admin"
        options={APPROVAL_AUDIENCES}
        labels={APPROVAL_AUDIENCE_LABELS}
        value={draft.audience}
        onChange={form.set('audience')}
      />
      <RadioGroup
        legend="Of those"
        options={APPROVAL_URGENCIES}
        labels={APPROVAL_URGENCY_LABELS}
        value={draft.urgency}
        onChange={form.set('urgency')}
        disabled={draft.audience === 'none'}
        className=""
      />
    </SettingSection>
  );
}
