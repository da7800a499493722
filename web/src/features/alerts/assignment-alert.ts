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
  /** A campus id → its current name (data/settings useCampusName). */
  campusName: (id: string) => string;
}

/** What the toast tells the assignee beyond the title. */
export const ACKNOWLEDGE_HINT = 'Acknowledge to tell the team you have it.';

/**
 * Acknowledges a page, from its toast or the Alerts panel: the callable, then the alert read
 * here and (its notice) in every other tab; says so either way.
 */
export async function acknowledgePage(
  actions: Pick<AssignmentAlertActions, 'acknowledge' | 'markRead'>,
  alert: IncidentAlert,
): Promise<void> {
  try {
    await actions.acknowledge(alert.incidentId);
  } catch (error) {
    toast.failure('Could not acknowledge', error);
    return;
  }
  useUnreadAlerts.getState().markRead(alert.incidentId);
  toast.success('Acknowledged', alertSummary(alert));
  if (alert.noticeId) await actions.markRead(alert.noticeId).catch(() => undefined);
}

/**
 * Feeds the staff member's pages (assignmentNoticesSpec) to a tracker; each unread page that
 * arrives after the first load plays the sound and shows a toast, keeps its alert in the unread
 * list (count, tab title) and raises a desktop notification when the tab is hidden. "Assigned to
 * you: Fire at North Campus (High)" offers Open and Acknowledge and stays until one is used or it
 * is dismissed; "Reassigned: …" offers Open.
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
        campus: actions.campusName(notice.campus ?? ''),
        threatLevel: notice.threatLevel ?? undefined,
        reportedAt: notice.timestamp?.toMillis?.() ?? Date.now(),
        noticeId: notice.id,
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
          stays: true,
          actions: [
            { label: 'Open', onClick: open },
            { label: 'Acknowledge', onClick: () => void acknowledgePage(actions, alert) },
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
