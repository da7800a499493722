import { useToasts } from '../../components/toast-store';
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
 * Follows the live "Reporter replied" reports; each new reporter message alerts once: the first
 * server answer is the baseline (cached snapshots are ignored, as the new-incident alert's tracker
 * does), then a report joining the query (after staff read it, a later reply brings it back) or
 * its unread count growing is news. Plays the alert sound and shows a toast with Open (one
 * report: that report; several: the reports list).
 */
export function createReplyAlert(
  open: (incidentId: string | null) => void,
  campusName: (id: string) => string,
  sound: () => void = playAlertSound,
) {
  let previous: Map<string, number> | null = null;
  return (rows: readonly RepliedIncident[], fromCache = false): boolean => {
    if (fromCache) return false;
    const before = previous;
    previous = new Map(rows.map((r) => [r.id, r.unreadFromReporter ?? 0]));
    if (before === null) return false;
    const news = rows.filter((r) => {
      const seen = before.get(r.id);
      return seen === undefined || (r.unreadFromReporter ?? 0) > seen;
    });
    if (news.length === 0) return false;
    sound();
    const only = news.length === 1 ? news[0]! : null;
    useToasts.getState().show({
      title: REPLY_ALERT_TITLE,
      message: only
        ? `The reporter of ${only.incidentType || 'a report'} at ${only.nearestCampus ? campusName(only.nearestCampus) : 'an unknown campus'} sent a message.`
        : `Reporters of ${news.length} reports sent messages.`,
      tone: 'alert',
      actions: [
        { label: only ? 'Open' : 'Open reports', onClick: () => open(only ? only.id : null) },
      ],
    });
    return true;
  };
}
