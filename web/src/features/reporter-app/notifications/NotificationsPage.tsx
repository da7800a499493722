import { useNavigate } from 'react-router';
import { PUSH_TYPES } from '@campus-safety/model';
import { ListState } from '../../../components/States';
import { Time } from '../../../components/Time';
import { useAction } from '../../../components/use-action';
import { useLiveQuery } from '../../../data/live-query';
import { notificationsSpec, replyToAlert, type ReporterNotification } from '../../../data/reporter';
import { markNotificationRead } from '../../../data/staff-notices';
import { useAuth } from '../../../session/store';
import { AppPage } from '../AppFrame';

/**
 * The answers an alert asks for ("are you safe?"): one tap records it (a later tap replaces it);
 * the one the server recorded is marked, so the person sees their answer was taken.
 */
function AlertAnswers({ notice }: { notice: ReporterNotification & { id: string } }) {
  const answer = useAction((choice: number) => replyToAlert(notice.alertId ?? '', choice), {
    failureTitle: 'Your answer was not recorded',
  });
  const choices = notice.reply?.choices ?? [];
  const current = notice.replied?.choice;
  return (
    <div className="mt-2" role="group" aria-label={`Answer: ${notice.title}`}>
      <div className="flex flex-wrap gap-2">
        {choices.map((c, k) => (
          <button
            key={c.label}
            type="button"
            aria-pressed={current === k}
            disabled={answer.busy}
            onClick={() => void answer.run(k)}
            className={`min-h-11 rounded-lg border px-4 py-2 text-sm font-semibold ${
              current === k
                ? c.needsHelp
                  ? 'border-red-700 bg-red-700 text-white'
                  : 'border-emerald-700 bg-emerald-700 text-white'
                : c.needsHelp
                  ? 'border-red-300 bg-white text-red-800 hover:bg-red-50'
                  : 'border-emerald-300 bg-white text-emerald-800 hover:bg-emerald-50'
            }`}
          >
            {c.label}
          </button>
        ))}
      </div>
      <p className="mt-1 text-xs text-slate-600" aria-live="polite">
        {current !== undefined && choices[current]
          ? `Your answer: ${choices[current].label}. You can change it.`
          : 'Campus Safety asks you to answer.'}
      </p>
    </div>
  );
}

/** The reporter's in-app notifications, newest first; opening one marks it read. */
export default function NotificationsPage() {
  const uid = useAuth((s) => s.user?.uid ?? '');
  const navigate = useNavigate();
  const notifications = useLiveQuery(notificationsSpec(uid));
  const unread = notifications.data.filter((n) => !n.isRead);
  const mark = useAction(
    (ids: string[]) => Promise.all(ids.map((id) => markNotificationRead(uid, id))),
    {
      failureTitle: 'Could not mark it read',
    },
  );

  // A report's notification opens the report, an emergency chat's the emergency; an alert's
  // opens nothing (its type_id names the alert).
  async function open(n: (typeof notifications.data)[number]) {
    if (!n.isRead) await mark.run([n.id]);
    if (!n.type_id) return;
    if (n.type === PUSH_TYPES.report) navigate(`/app/reports/${n.type_id}`);
    else if (n.type === PUSH_TYPES.emergency) navigate(`/app/emergency/${n.type_id}`);
  }

  return (
    <AppPage title="Notifications">
      {unread.length > 0 && (
        <button
          type="button"
          className="mb-3 text-sm font-medium text-sky-800 underline"
          onClick={() => void mark.run(unread.map((n) => n.id))}
        >
          Mark all as read ({unread.length})
        </button>
      )}
      <ListState
        live={notifications}
        emptyTitle="No notifications"
        emptyHint="You are told here when your report is taken on, answered or gets a message."
      >
        <ul className="space-y-2" aria-label="Notifications">
          {notifications.data.map((n) => (
            <li key={n.id} data-row={n.id}>
              <button
                type="button"
                onClick={() => void open(n)}
                className={`block w-full rounded-lg border p-3 text-left text-sm hover:border-sky-600 ${n.isRead ? 'border-slate-200 bg-white' : 'border-sky-300 bg-sky-50'}`}
              >
                <span className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className={n.isRead ? 'font-medium' : 'font-semibold'}>
                    {!n.isRead && <span className="text-sky-800">● Unread: </span>}
                    {n.title}
                  </span>
                  <Time value={n.timestamp} className="text-xs text-slate-600" />
                </span>
                <span className="mt-1 block whitespace-pre-wrap break-words text-slate-700">
                  {n.message}
                </span>
              </button>
              {n.reply && n.alertId && <AlertAnswers notice={n} />}
            </li>
          ))}
        </ul>
      </ListState>
    </AppPage>
  );
}
