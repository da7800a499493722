import type { Incident } from '../../../data/incidents';

/** Marks a report whose reporter wrote something no staff member has read yet. */
export function RepliedMark({ incident }: { incident: Incident }) {
  if (!incident.reporterReplied) return null;
  const unread = incident.unreadFromReporter ?? 0;
  return (
    <span className="rounded bg-sky-700 px-1.5 py-0.5 text-xs font-semibold text-white">
      Reporter replied{unread > 1 ? ` (${unread})` : ''}
    </span>
  );
}
