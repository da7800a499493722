import { NEW_INCIDENT_ALERT } from '@campus-safety/model';
import { useToasts } from '../../components/toast-store';
import { createIncidentAlertTracker } from './alert-tracker';
import { playAlertSound } from './beep';
import { showDesktopAlert } from './desktop-alerts';
import { alertSummary, useUnreadAlerts, type IncidentAlert } from '../../components/unread-alerts';

/** A report as the alert reads it. */
export interface AlertedIncident {
  id: string;
  incidentType?: string;
  nearestCampus?: string;
  timestamp?: { toMillis: () => number } | null;
}

/**
 * Feeds the live reports to a tracker; when new ones arrive plays the sound once, shows the orange
 * toast naming type and campus with an Open action (one report: that report; several: the list),
 * keeps what it said in the unread list, and raises a desktop notification when the tab is hidden.
 */
export function createNewIncidentAlert(
  open: (incidentId: string | null) => void,
  sound: () => void = playAlertSound,
) {
  const tracker = createIncidentAlertTracker();
  return (rows: readonly AlertedIncident[], fromCache = false): boolean => {
    const freshIds = new Set(
      tracker.observe(
        rows.map((r) => r.id),
        fromCache,
      ),
    );
    if (freshIds.size === 0) return false;
    const alerts: IncidentAlert[] = rows
      .filter((r) => freshIds.has(r.id))
      .map((r) => ({
        incidentId: r.id,
        incidentType: r.incidentType ?? '',
        campus: r.nearestCampus ?? '',
        reportedAt: r.timestamp?.toMillis() ?? Date.now(),
      }));
    const only = alerts.length === 1 ? alerts[0] : null;
    const what = only
      ? alertSummary(only)
      : `${alerts.length} reports: ${alerts.map(alertSummary).join('; ')}`;
    const target = only ? only.incidentId : null;
    sound();
    useUnreadAlerts.getState().add(alerts);
    useToasts.getState().show({
      title: NEW_INCIDENT_ALERT.title,
      message: `${what}. ${NEW_INCIDENT_ALERT.message}`,
      tone: 'alert',
      action: { label: only ? 'Open' : 'Open reports', onClick: () => open(target) },
    });
    showDesktopAlert(NEW_INCIDENT_ALERT.title, what, target ?? 'new-incidents', () => open(target));
    return true;
  };
}
