import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ASSIGNED_TITLE, NEW_INCIDENT_ALERT } from '@campus-safety/model';
import { Button } from '../../components/Button';
import { Time } from '../../components/Time';
import { acknowledgeAssignment, markAssignmentNoticeRead } from '../../data/assignments';
import { acknowledgePage } from './assignment-alert';
import { CountBadge } from './CountBadge';
import { desktopAlertPermission, enableDesktopAlerts } from './desktop-alerts';
import {
  alertSummary,
  type IncidentAlert,
  useUnreadAlerts,
  useUnreadCount,
  withUnreadCount,
} from '../../components/unread-alerts';

/** The unread count beside a navigation entry; nothing when all is read. */
export function UnreadBadge() {
  return (
    <CountBadge
      count={useUnreadCount()}
      counts="unread new-incident alerts"
      testId="unread-badge"
    />
  );
}

/**
 * Keeps the unread count in front of the tab title, whoever sets the title and whenever: it
 * re-applies withUnreadCount when the count or the <title> changes.
 */
export function useUnreadTitle() {
  const count = useUnreadCount();
  useEffect(() => {
    const apply = () => {
      const wanted = withUnreadCount(document.title, count);
      if (document.title !== wanted) document.title = wanted;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = withUnreadCount(document.title, 0);
    };
  }, [count]);
}

const alertTitle = (a: IncidentAlert) =>
  a.kind === 'assigned' ? ASSIGNED_TITLE : NEW_INCIDENT_ALERT.title;

/**
 * The unread new-incident alerts: what each toast said, until it is read (opening the report or
 * "Mark all as read"); a page assigned to `uid` can be acknowledged here as from its toast. The
 * newest is announced through a polite live region, which stays in the page; desktop alerts are
 * switched on here, from a click.
 */
export function UnreadAlerts({ uid }: { uid: string | null }) {
  const alerts = useUnreadAlerts((s) => s.alerts);
  const markRead = useUnreadAlerts((s) => s.markRead);
  const markAllRead = useUnreadAlerts((s) => s.markAllRead);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [permission, setPermission] = useState(desktopAlertPermission);
  const newest = alerts[0];

  return (
    <div className="relative">
      <p aria-live="polite" className="sr-only">
        {newest ? `${alertTitle(newest)}: ${alertSummary(newest)}.` : ''}
      </p>
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls="unread-alerts"
        onClick={() => setOpen((o) => !o)}
      >
        Alerts{alerts.length > 0 ? ` (${alerts.length} unread)` : ''}
      </Button>
      {open && (
        <section
          id="unread-alerts"
          aria-label="Unread alerts"
          className="absolute right-0 z-40 mt-2 w-[min(24rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
        >
          {alerts.length === 0 ? (
            <p className="text-sm text-slate-600">No unread alerts.</p>
          ) : (
            <ul className="max-h-80 space-y-2 overflow-y-auto">
              {alerts.map((a) => (
                <li
                  key={`${a.kind ?? 'new'}:${a.incidentId}`}
                  className="flex items-start justify-between gap-2 rounded border-l-4 border-orange-700 bg-orange-50 p-2 text-sm"
                >
                  <div>
                    <p className="font-semibold">{alertTitle(a)}</p>
                    <p>{alertSummary(a)}</p>
                    <Time value={a.reportedAt} className="text-xs text-slate-600" />
                  </div>
                  <div className="flex shrink-0 flex-col gap-1">
                    <Button
                      variant="secondary"
                      aria-label={`Open ${alertSummary(a)}`}
                      onClick={() => {
                        markRead(a.incidentId);
                        setOpen(false);
                        void navigate(`/reports?id=${encodeURIComponent(a.incidentId)}`);
                      }}
                    >
                      Open
                    </Button>
                    {a.kind === 'assigned' && uid && (
                      <Button
                        aria-label={`Acknowledge ${alertSummary(a)}`}
                        onClick={() =>
                          void acknowledgePage(
                            {
                              acknowledge: acknowledgeAssignment,
                              markRead: (noticeId) => markAssignmentNoticeRead(uid, noticeId),
                            },
                            a,
                          )
                        }
                      >
                        Acknowledge
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            {alerts.length > 0 && (
              <Button variant="secondary" onClick={markAllRead}>
                Mark all as read
              </Button>
            )}
            {permission === 'default' && (
              <Button
                variant="secondary"
                onClick={() => void enableDesktopAlerts().then(setPermission)}
              >
                Enable desktop alerts
              </Button>
            )}
            {permission === 'granted' && (
              <p className="text-xs text-slate-600">
                Desktop alerts are on while this tab is hidden.
              </p>
            )}
            {permission === 'denied' && (
              <p className="text-xs text-slate-600">
                Desktop alerts are blocked in this browser’s site settings.
              </p>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
