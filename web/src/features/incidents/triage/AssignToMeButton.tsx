import { Button } from '../../../components/Button';
import { toast } from '../../../components/toast-store';
import { useForm } from '../../../components/use-form';
import type { Incident } from '../../../data/incidents';
import { useLiveDoc } from '../../../data/live-query';
import { staffEntrySpec } from '../../../data/staff-directory';
import { useAuth } from '../../../session/store';
import { assignReportToMe } from '../api';
import { canAssignToSelf } from '../detail/actions';
import { rowName } from './row-name';
import { HANDLING_HEADING_ID } from './triage';

/**
 * Where focus goes once the report is taken, if it fell to the page when this button left the
 * row (the report moved to "Being handled", or its row lost the action): the report's own
 * actions, else the heading of the queue it moved to.
 */
function refocus(incidentId: string) {
  if (document.activeElement && document.activeElement !== document.body) return;
  const actions = document.querySelector(`[data-report-actions="${CSS.escape(incidentId)}"]`);
  const target = actions?.querySelector('button') ?? document.getElementById(HANDLING_HEADING_ID);
  target?.focus();
}

/**
 * "Assign to me" in one click: the signed-in staff member takes an unassigned report, named as
 * their staff directory entry names them. Offered only where the report can be assigned and the
 * rules would take this person (canAssignToSelf).
 */
export function AssignToMeButton({ incident }: { incident: Incident }) {
  const uid = useAuth((s) => s.user?.uid ?? '');
  const profile = useAuth((s) => s.profile);
  const offered = canAssignToSelf(incident, profile);
  const entry = useLiveDoc(offered && uid ? staffEntrySpec(uid) : null);
  const me = entry.data;
  // A form without fields: the one hook keeps its busy state and its failure toast.
  const assign = useForm({
    initial: {},
    send: async () => {
      if (!me) return;
      await assignReportToMe(incident.id, me);
      toast.success(
        'Report assigned to you',
        `${incident.incidentType}: status is now Processing.`,
      );
      // After the live lists have drawn the report in its new place.
      requestAnimationFrame(() => refocus(incident.id));
    },
    failureTitle: 'Could not assign the report to you',
  });
  if (!offered) return null;

  return (
    <Button
      className="whitespace-nowrap"
      onClick={() => void assign.submit()}
      disabled={assign.busy || !me}
      title={entry.status === 'ready' && !me ? 'You have no staff directory entry yet.' : undefined}
      aria-label={`Assign to me: ${rowName(incident)}`}
    >
      Assign to me
    </Button>
  );
}
