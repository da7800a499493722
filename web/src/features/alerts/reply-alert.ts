import { useToasts } from '../../components/toast-store';
import { createIncidentAlertTracker } from './alert-tracker';
import { playAlertSound } from './beep';

/** A report of the "Reporter replied" query, as the alert reads it. */
export interface RepliedIncident {
  id: string;
  incidentType?: string;
  nearestCampus?: string;
  unreadFromReporter?: number;
}

export const REPLY_ALERT_TITLE = 'Reporter replied';

/**
 * Feeds the live "Reporter replied" reports to the new-incident alert's tracker, keyed by report
 * and unread count, so each new reporter message alerts once: the first (server) answer is the
 * baseline, a report joining the query or its count growing is news. Plays the alert sound and
 * shows a toast with Open (one report: that report; several: the reports list).
 */
export function createReplyAlert(
  open: (incidentId: string | null) => void,
  sound: () => void = playAlertSound,
) {
  const tracker = createIncidentAlertTracker();
  return (rows: readonly RepliedIncident[], fromCache = false): boolean => {
    const keyed = rows.map((r) => ({ row: r, key: `${r.id}#${r.unreadFromReporter ?? 0}` }));
    const fresh = new Set(
      tracker.observe(
        keyed.map((k) => k.key),
        fromCache,
      ),
    );
    const news = keyed.filter((k) => fresh.has(k.key)).map((k) => k.row);
    if (news.length === 0) return false;
    sound();
    const only = news.length === 1 ? news[0]! : null;
    useToasts.getState().show({
      title: REPLY_ALERT_TITLE,
      message: only
        ? `The reporter of ${only.incidentType || 'a report'} at ${only.nearestCampus || 'an unknown campus'} sent a message.`
        : `Reporters of ${news.length} reports sent messages.`,
      tone: 'alert',
      action: { label: only ? 'Open' : 'Open reports', onClick: () => open(only ? only.id : null) },
    });
    return true;
  };
}
