import { ASSIGNED_TITLE } from '@campus-safety/model';
import { toast, useToasts } from '../../components/toast-store';
import { alertSummary, useUnreadAlerts, type IncidentAlert } from '../../components/unread-alerts';
import type { AssignmentNotice } from '../../data/assignments';
import type { WithId } from '../../data/spec';
import { createIncidentAlertTracker } from './alert-tracker';
import { playAlertSound } from './beep';
import { showDesktopAlert } from './desktop-alerts';

export interface AssignmentAlertActions {
  open: (incidentId: string) => void;
  /** acknowledgeAssignment for the report. */
  acknowledge: (incidentId: string) => Promise<unknown>;
  /** Marks the page read in Firestore, so it is not alerted again in another tab. */
  markRead: (noticeId: string) => Promise<unknown>;
}

/** What the toast tells the assignee beyond the title. */
export const ACKNOWLEDGE_HINT = 'Acknowledge to tell the team you have it.';

/**
 * Feeds the staff member's pages (assignmentNoticesSpec) to a tracker; each unread page that
 * arrives after the first load plays the sound and shows a toast, keeps its alert in the unread
 * list (count, tab title) and raises a desktop notification when the tab is hidden. "Assigned to
 * you: Fire at North Campus (High)" offers Open and Acknowledge; "Reassigned: …" offers Open.
 */
export function createAssignmentAlert(
  actions: AssignmentAlertActions,
  sound: () => void = playAlertSound,
) {
  const tracker = createIncidentAlertTracker();
  return (notices: readonly WithId<AssignmentNotice>[], fromCache = false): number => {
    const fresh = new Set(
      tracker.observe(
        notices.map((n) => n.id),
        fromCache,
      ),
    );
    const arrived = notices.filter((n) => fresh.has(n.id) && !n.isRead);
    for (const notice of arrived) {
      const incidentId = notice.type_id;
      const assigned = notice.title === ASSIGNED_TITLE;
      const alert: IncidentAlert = {
        kind: 'assigned',
        incidentId,
        incidentType: notice.incidentType ?? '',
        campus: notice.campus ?? '',
        threatLevel: notice.threatLevel ?? undefined,
        reportedAt: notice.timestamp?.toMillis?.() ?? Date.now(),
      };
      const open = () => {
        void actions.markRead(notice.id).catch(() => undefined);
        actions.open(incidentId);
      };
      if (assigned) {
        useUnreadAlerts.getState().add([alert]);
        useToasts.getState().show({
          title: `${ASSIGNED_TITLE}: ${alertSummary(alert)}`,
          message: ACKNOWLEDGE_HINT,
          tone: 'alert',
          actions: [
            { label: 'Open', onClick: open },
            {
              label: 'Acknowledge',
              onClick: () =>
                void actions
                  .acknowledge(incidentId)
                  .then(() => {
                    useUnreadAlerts.getState().markRead(incidentId);
                    toast.success('Acknowledged', alertSummary(alert));
                    return actions.markRead(notice.id);
                  })
                  .catch((error: unknown) => toast.failure('Could not acknowledge', error)),
            },
          ],
        });
      } else {
        useToasts.getState().show({
          title: notice.message,
          tone: 'info',
          actions: [{ label: 'Open', onClick: open }],
        });
      }
      showDesktopAlert(notice.title, notice.message, `assignment-${notice.id}`, open);
    }
    if (arrived.length > 0) sound();
    return arrived.length;
  };
}
