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
 * Reports arriving within this long of the previous ones join their alert (issue 22 item 4): a
 * campus-wide emergency brings a report every second for minutes, and one toast and chime each
 * would bury the console. The burst ends after this long without a new report.
 */
export const ALERT_BURST_MS = 30_000;

/** Up to this many reports the toast names each one; beyond, it counts them per campus. */
const NAMED_REPORTS = 3;

/**
 * What the toast says for the reports of one burst: the report ("Fire at North Campus"), a few
 * by name ("3 reports: …"), else the count per campus, busiest first ("37 new reports at North
 * Campus", "40 new reports: 37 at North Campus, 3 at Main Campus").
 */
export function burstSummary(alerts: readonly IncidentAlert[]): string {
  if (alerts.length === 1) return alertSummary(alerts[0]!);
  if (alerts.length <= NAMED_REPORTS)
    return `${alerts.length} reports: ${alerts.map(alertSummary).join('; ')}`;
  const byCampus = new Map<string, number>();
  for (const a of alerts) {
    const campus = a.campus || 'an unknown campus';
    byCampus.set(campus, (byCampus.get(campus) ?? 0) + 1);
  }
  const counts = [...byCampus.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (counts.length === 1) return `${alerts.length} new reports at ${counts[0]![0]}`;
  return `${alerts.length} new reports: ${counts.map(([c, n]) => `${n} at ${c}`).join(', ')}`;
}

/**
 * Feeds the live reports to a tracker; when new ones arrive plays the sound, shows the orange
 * toast naming type and campus with an Open action (one report: that report; several: the list),
 * keeps what it said in the unread list, and raises a desktop notification when the tab is hidden.
 * Reports arriving within ALERT_BURST_MS of the previous ones join that burst: its one toast is
 * replaced by one counting them all, with no second sound.
 */
export function createNewIncidentAlert(
  open: (incidentId: string | null) => void,
  campusName: (id: string) => string,
  sound: () => void = playAlertSound,
  now: () => number = Date.now,
) {
  const tracker = createIncidentAlertTracker();
  let burst: { alerts: IncidentAlert[]; lastAt: number; toastId: number } | null = null;
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
        campus: campusName(r.nearestCampus ?? ''),
        reportedAt: r.timestamp?.toMillis() ?? Date.now(),
      }));
    const at = now();
    const joins = burst !== null && at - burst.lastAt <= ALERT_BURST_MS;
    if (joins) useToasts.getState().dismiss(burst!.toastId);
    else sound();
    const all = joins ? [...burst!.alerts, ...alerts] : alerts;
    const only = all.length === 1 ? all[0] : null;
    const what = burstSummary(all);
    const target = only ? only.incidentId : null;
    useUnreadAlerts.getState().add(alerts);
    const toastId = useToasts.getState().show({
      title: NEW_INCIDENT_ALERT.title,
      message: `${what}. ${NEW_INCIDENT_ALERT.message}`,
      tone: 'alert',
      actions: [{ label: only ? 'Open' : 'Open reports', onClick: () => open(target) }],
    });
    burst = { alerts: all, lastAt: at, toastId };
    showDesktopAlert(NEW_INCIDENT_ALERT.title, what, target ?? 'new-incidents', () => open(target));
    return true;
  };
}
