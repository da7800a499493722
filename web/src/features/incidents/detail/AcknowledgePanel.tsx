import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ACKNOWLEDGE_PARAM } from '@campus-safety/model';
import { Button } from '../../../components/Button';
import { toast } from '../../../components/toast-store';
import { useUnreadAlerts } from '../../../components/unread-alerts';
import { acknowledgeAssignment } from '../api';

/**
 * Asks the assignee for the one click that acknowledges the report. Opened from the page's mail
 * link (model's acknowledgeLink, `?acknowledge=1`), it acknowledges at once: that link was the
 * click. The parameter is then dropped, so a reload or a shared address acknowledges nothing.
 */
export function AcknowledgePanel({ incidentId }: { incidentId: string }) {
  const [busy, setBusy] = useState(false);
  const [params, setParams] = useSearchParams();
  const fromLink = params.get(ACKNOWLEDGE_PARAM) === '1';
  const acknowledge = useCallback(async () => {
    setBusy(true);
    try {
      await acknowledgeAssignment(incidentId);
      useUnreadAlerts.getState().markRead(incidentId);
      toast.success('Acknowledged', 'The team can see you have this report.');
    } catch (error) {
      toast.failure('Could not acknowledge', error);
    } finally {
      setBusy(false);
    }
  }, [incidentId]);
  const linkUsed = useRef(false);
  useEffect(() => {
    if (!fromLink || linkUsed.current) return;
    linkUsed.current = true;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ACKNOWLEDGE_PARAM);
        return next;
      },
      { replace: true },
    );
    void acknowledge();
  }, [fromLink, setParams, acknowledge]);
  return (
    <div
      role="region"
      aria-label="Acknowledge the assignment"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border-l-4 border-orange-700 bg-orange-50 p-3"
    >
      <p className="text-sm text-orange-950">
        This report is assigned to you. Acknowledge it to tell the team you have it.
      </p>
      <Button onClick={() => void acknowledge()} disabled={busy}>
        {busy ? 'Acknowledging…' : 'Acknowledge'}
      </Button>
    </div>
  );
}
