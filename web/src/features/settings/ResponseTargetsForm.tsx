import {
  TARGET_LEVELS,
  responseTargetsOf,
  type ResponseTarget,
  type TargetLevel,
} from '@campus-safety/model';

import { toast } from '../../components/toast-store';
import { useForm } from '../../components/use-form';
import { useLiveDoc } from '../../data/live-query';
import { saveSetting, settingSpec } from '../../data/settings';
import { SettingSection, SettingTable } from './SettingSection';

type Draft = Record<TargetLevel, { assign: string; respond: string }>;

const draftOf = (stored: unknown): Draft => {
  const targets = responseTargetsOf(stored);
  return Object.fromEntries(
    TARGET_LEVELS.map((l) => [
      l,
      {
        assign: String(targets[l].assignWithinMinutes),
        respond: String(targets[l].respondWithinMinutes),
      },
    ]),
  ) as Draft;
};

/**
 * Response targets per threat level: minutes to assignment and to response. Triage clocks,
 * escalation and the dashboard all read them; the function checks every bound.
 */
export function ResponseTargetsForm() {
  const live = useLiveDoc(settingSpec('responseTargets'));
  const form = useForm({
    initial: draftOf(live.data),
    stored: { ...live, version: live.data?.updatedAt?.toMillis() },
    request: (draft) => ({
      setting: 'responseTargets' as const,
      value: {
        targets: Object.fromEntries(
          TARGET_LEVELS.map((l) => [
            l,
            {
              assignWithinMinutes: Number(draft[l].assign),
              respondWithinMinutes: Number(draft[l].respond),
            },
          ]),
        ) as Record<TargetLevel, ResponseTarget>,
      },
    }),
    send: async (request) => {
      await saveSetting(request);
      toast.success('Response targets saved');
    },
    failureTitle: 'Could not save the response targets',
  });

  return (
    <SettingSection
      name="responseTargets"
      description="Minutes from the report to its assignment and to the response, per threat level (Unrated: not rated yet). Triage, escalation and the dashboard use them."
      live={live}
      form={form}
      saveLabel="Save targets"
    >
      <SettingTable columns={['Threat level', 'Assign within (min)', 'Respond within (min)']}>
        {TARGET_LEVELS.map((level) => (
          <tr key={level}>
            <th scope="row" className="pr-3 text-left font-normal">
              {level}
            </th>
            {(['assign', 'respond'] as const).map((field) => (
              <td key={field} className="px-1 py-0.5">
                <input
                  type="number"
                  min={1}
                  max={10_080}
                  className="w-24 rounded border border-slate-300 px-1 py-0.5"
                  aria-label={`${level}, ${field} within, minutes`}
                  value={form.values[level][field]}
                  onChange={(e) =>
                    form.set(level)({ ...form.values[level], [field]: e.target.value })
                  }
                />
              </td>
            ))}
          </tr>
        ))}
      </SettingTable>
    </SettingSection>
  );
}
