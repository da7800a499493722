import { useState } from 'react';
import { Button } from '../../../components/Button';
import { toast } from '../../../components/toast-store';
import { useUnreadAlerts } from '../../../components/unread-alerts';
import { acknowledgeAssignment } from '../api';

/**
 * Asks the assignee for the one click that acknowledges the report (the mail's link opens the
 * report here; opening it acknowledges nothing by itself).
 */
export function AcknowledgePanel({ incidentId }: { incidentId: string }) {
  const [busy, setBusy] = useState(false);
  async function acknowledge() {
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
  }
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
