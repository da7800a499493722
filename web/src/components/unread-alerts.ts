import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * What one alert said, kept after its toast has closed (WCAG 2.2.1/2.2.4): a new report, or a
 * report assigned to the signed-in staff member (`kind: 'assigned'`, its threat level with it).
 */
export interface IncidentAlert {
  kind?: 'new' | 'assigned';
  threatLevel?: string;
  incidentId: string;
  incidentType: string;
  /** The campus's name when the alert was raised (what the toast and the list say). */
  campus: string;
  /** When the report was written (ms since the epoch). */
  reportedAt: number;
  /** An assignment's page (`users/{uid}/notifications/{noticeId}`), marked read on acknowledging. */
  noticeId?: string;
}

/** Enough for a shift's backlog; the oldest unread alerts give way beyond it. */
export const MAX_UNREAD_ALERTS = 50;

interface UnreadState {
  alerts: IncidentAlert[];
  add: (alerts: IncidentAlert[]) => void;
  /** A report counts as seen once it is opened. */
  markRead: (incidentId: string) => void;
  markAllRead: () => void;
}

/**
 * Unread new-incident alerts, newest first. Kept in the tab's session storage, so a reload keeps
 * them until they are read, and another tab or sign-in starts clean.
 */
export const useUnreadAlerts = create<UnreadState>()(
  persist(
    (set) => ({
      alerts: [],
      add: (alerts) =>
        set((s) => {
          const key = (a: IncidentAlert) => `${a.kind ?? 'new'}:${a.incidentId}`;
          const known = new Set(s.alerts.map(key));
          const fresh = alerts.filter((a) => !known.has(key(a)));
          return { alerts: [...fresh, ...s.alerts].slice(0, MAX_UNREAD_ALERTS) };
        }),
      markRead: (incidentId) =>
        set((s) =>
          s.alerts.some((a) => a.incidentId === incidentId)
            ? { alerts: s.alerts.filter((a) => a.incidentId !== incidentId) }
            : s,
        ),
      markAllRead: () => set({ alerts: [] }),
    }),
    { name: 'campus-safety.unread-alerts', storage: createJSONStorage(() => sessionStorage) },
  ),
);

export function useUnreadCount(): number {
  return useUnreadAlerts((s) => s.alerts.length);
}

/** "Fire at Riverside Campus" (with " (High)" for an assignment): what an alert names. */
export function alertSummary(
  alert: Pick<IncidentAlert, 'incidentType' | 'campus' | 'kind' | 'threatLevel'>,
): string {
  const what = `${alert.incidentType || 'Incident'} at ${alert.campus || 'an unknown campus'}`;
  return alert.kind === 'assigned' ? `${what} (${alert.threatLevel || 'Unrated'})` : what;
}

const COUNT_PREFIX = /^\(\d+\) /;

/**
 * The one place the unread count enters the tab title: "(3) Reports · Campus Safety Console".
 * Whoever sets a title passes it through here (or leaves it to useUnreadTitle, which re-applies it).
 */
export function withUnreadCount(title: string, count: number): string {
  const bare = title.replace(COUNT_PREFIX, '');
  return count > 0 ? `(${count}) ${bare}` : bare;
}
