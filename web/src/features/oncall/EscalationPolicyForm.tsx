import {
  DEFAULT_ESCALATION_POLICY,
  ESCALATION_LEVEL_LABELS,
  TARGET_LEVELS,
  escalationPolicyOf,
  type EscalationPolicy,
  type EscalationPolicyDoc,
  type SaveEscalationPolicyInput,
} from '@campus-safety/model';
import { Button } from '../../components/Button';
import { FormFailure, TextField } from '../../components/fields';
import { toast } from '../../components/toast-store';
import { ReadState } from '../../components/States';
import { useForm, type ReadStatus } from '../../components/use-form';
import { saveEscalationPolicy } from '../../data/on-call';
import type { WithId } from '../../data/spec';
import { formatDate } from '../../lib/format';
import { useCampusName } from '../../data/settings';

const toText = (policy: EscalationPolicy) => ({
  minutes: policy.steps.map((s) => TARGET_LEVELS.map((l) => String(s.afterMinutes[l]))),
  everyMinutes: String(policy.repeat.everyMinutes),
  times: String(policy.repeat.times),
});

/**
 * A campus's escalation policy, for Admins: minutes after the condition starts at which each level
 * is told, per threat level, and how often the last level is told again. The function checks it.
 * The editor and Save appear once the stored policies are read: saving the default policy shown
 * before would overwrite the stored one unseen.
 */
export function EscalationPolicyForm({
  campus,
  stored,
  read,
}: {
  campus: string;
  stored: WithId<EscalationPolicyDoc> | undefined;
  /** The read of the stored policies (`stored` is this campus's, once read). */
  read: ReadStatus;
}) {
  const name = useCampusName()(campus);
  const form = useForm({
    initial: toText(escalationPolicyOf(stored)),
    stored: { ...read, version: stored?.updatedAt?.toMillis() },
    request: (draft): SaveEscalationPolicyInput => ({
      campus: campus as SaveEscalationPolicyInput['campus'],
      steps: DEFAULT_ESCALATION_POLICY.steps.map((step, i) => ({
        level: step.level,
        afterMinutes: Object.fromEntries(
          TARGET_LEVELS.map((l, j) => [l, Number(draft.minutes[i]![j])]),
        ) as EscalationPolicy['steps'][number]['afterMinutes'],
      })),
      repeat: { everyMinutes: Number(draft.everyMinutes), times: Number(draft.times) },
    }),
    send: async (input) => {
      await saveEscalationPolicy(input);
      toast.success(`Escalation policy of ${name} saved`);
    },
    failureTitle: `Could not save the escalation policy of ${name}`,
  });
  const minutes = form.field('minutes');
  const setMinutes = (i: number, j: number, value: string) =>
    minutes.onChange(
      minutes.value.map((row, r) => (r === i ? row.map((v, c) => (c === j ? value : v)) : row)),
    );

  return (
    <div className="mt-4 border-t border-slate-200 pt-3">
      <h3 className="font-medium text-slate-900">Escalation policy</h3>
      <ReadState read={form.read} what="the stored escalation policy">
        <form onSubmit={form.submit} noValidate>
          <p className="mb-2 text-sm text-slate-600">
            Minutes after a report is overdue for assignment, assigned without acknowledgement, or
            overdue for response, at which each level is told.{' '}
            {stored
              ? `Changed by ${stored.updatedBy.name} on ${formatDate(stored.updatedAt)}.`
              : 'The default policy applies.'}
          </p>
          <div className="overflow-x-auto">
            <table className="text-sm">
              <thead>
                <tr>
                  <th scope="col" className="pr-2 text-left font-medium">
                    Level
                  </th>
                  {TARGET_LEVELS.map((l) => (
                    <th key={l} scope="col" className="px-1 text-left font-medium">
                      {l}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {DEFAULT_ESCALATION_POLICY.steps.map((step, i) => (
                  <tr key={step.level}>
                    <th scope="row" className="whitespace-nowrap pr-2 text-left font-normal">
                      {ESCALATION_LEVEL_LABELS[step.level]}
                    </th>
                    {TARGET_LEVELS.map((l, j) => (
                      <td key={l} className="px-1 py-0.5">
                        <input
                          type="number"
                          min={0}
                          className="w-16 rounded border border-slate-300 px-1 py-0.5"
                          aria-label={`${ESCALATION_LEVEL_LABELS[step.level]}, ${l}, minutes`}
                          value={minutes.value[i]![j]}
                          onChange={(e) => setMinutes(i, j, e.target.value)}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-2 grid grid-cols-2 gap-x-3 sm:max-w-md">
            <TextField
              label="Repeat the last level every (min)"
              type="number"
              min={1}
              {...form.field('everyMinutes')}
            />
            <TextField label="Repeats" type="number" min={0} {...form.field('times')} />
          </div>
          <FormFailure message={form.failure} />
          <Button type="submit" variant="secondary" busy={form.busy}>
            Save policy
          </Button>
        </form>
      </ReadState>
    </div>
  );
}
