import { useEffect, useState } from 'react';
import {
  TARGET_LEVELS,
  responseTargetsOf,
  type ResponseTarget,
  type TargetLevel,
} from '@campus-safety/model';
import { Button } from '../../components/Button';
import { FormFailure } from '../../components/fields';
import { toast } from '../../components/toast-store';
import { useAction } from '../../components/use-action';
import { useLiveDoc } from '../../data/live-query';
import { saveSetting, settingSpec } from '../../data/settings';
import { formatDate } from '../../lib/format';
import { SettingHistory } from './SettingHistory';

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
  const stored = useLiveDoc(settingSpec('responseTargets')).data;
  const [draft, setDraft] = useState(() => draftOf(stored));
  const savedAt = stored?.updatedAt?.toMillis();
  useEffect(() => setDraft(draftOf(stored)), [savedAt]); // eslint-disable-line react-hooks/exhaustive-deps
  const save = useAction(
    async () => {
      const targets = Object.fromEntries(
        TARGET_LEVELS.map((l) => [
          l,
          {
            assignWithinMinutes: Number(draft[l].assign),
            respondWithinMinutes: Number(draft[l].respond),
          },
        ]),
      ) as Record<TargetLevel, ResponseTarget>;
      await saveSetting({ setting: 'responseTargets', value: { targets } });
      toast.success('Response targets saved');
    },
    { failureTitle: 'Could not save the response targets' },
  );
  const set = (level: TargetLevel, field: 'assign' | 'respond', value: string) => {
    save.clearFailure();
    setDraft({ ...draft, [level]: { ...draft[level], [field]: value } });
  };

  return (
    <section
      aria-labelledby="targets-heading"
      className="mb-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="targets-heading" className="text-lg font-semibold text-slate-900">
        Response targets
      </h2>
      <p className="mb-2 text-sm text-slate-600">
        Minutes from the report to its assignment and to the response, per threat level (Unrated:
        not rated yet). Triage, escalation and the dashboard use them.{' '}
        {stored
          ? `Changed by ${stored.updatedBy.name} on ${formatDate(stored.updatedAt)}.`
          : 'The defaults apply.'}
      </p>
      <div className="overflow-x-auto">
        <table className="text-sm">
          <thead>
            <tr>
              <th scope="col" className="pr-3 text-left font-medium">
                Threat level
              </th>
              <th scope="col" className="px-1 text-left font-medium">
                Assign within (min)
              </th>
              <th scope="col" className="px-1 text-left font-medium">
                Respond within (min)
              </th>
            </tr>
          </thead>
          <tbody>
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
                      value={draft[level][field]}
                      onChange={(e) => set(level, field, e.target.value)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FormFailure message={save.failure} className="mt-2" />
      <Button className="mt-2" busy={save.busy} onClick={() => void save.run()}>
        Save targets
      </Button>
      <SettingHistory name="responseTargets" />
    </section>
  );
}
