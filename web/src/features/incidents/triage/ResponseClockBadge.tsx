import { ESCALATION_LEVEL_LABELS, type TargetState } from '@campus-safety/model';
import { useResponseTargets } from '../../../data/settings';
import { formatMinutes } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { responseClock, TARGET_STATE_LABELS } from './triage';

const STATE_STYLES: Record<TargetState, string> = {
  within: 'border-green-700 bg-green-50 text-green-900',
  dueSoon: 'border-amber-600 bg-amber-50 text-amber-950',
  overdue: 'border-red-700 bg-red-50 text-red-900',
};

/**
 * A report's waiting (or response) time against its target, live (ticks each minute): colour and
 * words ("Overdue"), never colour alone; "Escalated" with the level told once the server has
 * escalated it, until the escalation ends.
 */
export function ResponseClockBadge({
  incident,
}: {
  incident: Parameters<typeof responseClock>[0];
}) {
  const now = useNow();
  const targets = useResponseTargets();
  const clock = responseClock(incident, now, targets);
  if (!clock) return <span className="text-slate-500">—</span>;
  const escalated = clock.escalatedTo !== null;
  return (
    <span
      className={`inline-flex flex-col rounded border-l-4 px-2 py-0.5 text-xs ${STATE_STYLES[escalated ? 'overdue' : clock.state]}`}
      data-target-state={escalated ? 'escalated' : clock.state}
      title={`${clock.measure === 'Waiting' ? 'Assignment' : 'Response'} target: ${formatMinutes(clock.targetMinutes)}`}
    >
      <span className="font-semibold">
        {clock.escalatedTo
          ? `Escalated: ${ESCALATION_LEVEL_LABELS[clock.escalatedTo]}`
          : TARGET_STATE_LABELS[clock.state]}
      </span>
      <span className="whitespace-nowrap">
        {clock.measure} {formatMinutes(clock.minutes)}
      </span>
      <span className="whitespace-nowrap">target {formatMinutes(clock.targetMinutes)}</span>
    </span>
  );
}
