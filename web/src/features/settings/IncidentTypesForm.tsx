import {
  INCIDENT_TYPE_LABEL_MAX,
  incidentTypesOf,
  type IncidentTypeSetting,
} from '@campus-safety/model';

import { toast } from '../../components/toast-store';
import { useForm } from '../../components/use-form';
import { useLiveDoc } from '../../data/live-query';
import { saveSetting, settingSpec } from '../../data/settings';
import { SettingSection, SettingTable } from './SettingSection';

/**
 * Incident types: the label each catalog type is shown by, and whether it is offered for new
 * reports. A type is never removed: old reports keep it and its Clery classification
 * (docs/decisions.md).
 */
export function IncidentTypesForm() {
  const live = useLiveDoc(settingSpec('incidentTypes'));
  const form = useForm({
    initial: { types: [...incidentTypesOf(live.data)] },
    stored: { ...live, version: live.data?.updatedAt?.toMillis() },
    request: (value) => ({ setting: 'incidentTypes' as const, value }),
    send: async (request) => {
      await saveSetting(request);
      toast.success('Incident types saved');
    },
    failureTitle: 'Could not save the incident types',
  });
  const types = form.field('types');
  const set = (i: number, change: Partial<IncidentTypeSetting>) =>
    types.onChange(types.value.map((t, j) => (j === i ? { ...t, ...change } : t)));

  return (
    <SettingSection
      name="incidentTypes"
      description="Rename a type or stop offering it for new reports; reports already filed keep their type and Clery classification."
      live={live}
      form={form}
      saveLabel="Save types"
    >
      <SettingTable columns={['Type', 'Shown as', 'Offered']}>
        {types.value.map((t, i) => (
          <tr key={t.type}>
            <th scope="row" className="pr-3 text-left font-normal sm:whitespace-nowrap">
              {t.type}
            </th>
            <td className="px-1 py-0.5">
              <input
                className="w-full min-w-24 rounded border border-slate-300 px-1 py-0.5 sm:w-48"
                maxLength={INCIDENT_TYPE_LABEL_MAX}
                aria-label={`${t.type}, shown as`}
                value={t.label}
                onChange={(e) => set(i, { label: e.target.value })}
              />
            </td>
            <td className="px-1 py-0.5 text-center">
              <input
                type="checkbox"
                aria-label={`${t.type}, offered`}
                checked={t.offered}
                onChange={(e) => set(i, { offered: e.target.checked })}
              />
            </td>
          </tr>
        ))}
      </SettingTable>
    </SettingSection>
  );
}
