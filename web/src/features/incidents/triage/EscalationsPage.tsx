import { useEffect } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { ListState } from '../../../components/States';
import { toast } from '../../../components/toast-store';
import { escalationsSpec } from '../../../data/escalations';
import { useLiveQuery } from '../../../data/live-query';
import { Time } from '../../../components/Time';
import { documentTitle } from '../../../lib/document-title';
import { useAuth } from '../../../session/store';
import { markEscalationRead } from '../api';

/**
 * `/escalations`: the escalations the server sent this staff member (a level of the campus's
 * policy); an ended escalation's notice is marked read by the server. Opening one marks it read.
 */
export default function EscalationsPage() {
  const uid = useAuth((s) => s.user?.uid ?? '');
  const notices = useLiveQuery(uid ? escalationsSpec(uid) : null);
  const unread = notices.data.filter((n) => !n.isRead).length;

  useEffect(() => {
    document.title = documentTitle(['Escalations']);
  }, []);

  function opened(id: string) {
    markEscalationRead(uid, id).catch((error: unknown) =>
      toast.failure('Could not mark it read', error),
    );
  }

  return (
    <>
      <PageHeader
        title="Escalations"
        subtitle={`Reports escalated to you by their campus's policy: unassigned, unacknowledged or not responded in time. ${unread} unread; an escalation that ended is no longer new.`}
      />
      <ListState live={notices} emptyTitle="No escalations: every report was handled in time.">
        <ul className="space-y-2">
          {notices.data.map((n) => (
            <li
              key={n.id}
              className={`rounded border p-3 text-sm ${n.isRead ? 'border-slate-200 bg-white' : 'border-red-300 bg-red-50'}`}
            >
              <div className="flex flex-wrap items-center gap-2">
                {!n.isRead && (
                  <span className="rounded bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
                    New
                  </span>
                )}
                <span className="font-semibold">{n.title}</span>
                <Time value={n.timestamp} className="text-slate-600" />
                <Link
                  to={`/reports?id=${encodeURIComponent(n.type_id)}`}
                  onClick={() => opened(n.id)}
                  aria-label={`Open report: ${n.message}`}
                  className="ml-auto font-medium text-sky-800 underline"
                >
                  Open report
                </Link>
              </div>
              <p className="mt-1">{n.message}</p>
            </li>
          ))}
        </ul>
      </ListState>
    </>
  );
}
