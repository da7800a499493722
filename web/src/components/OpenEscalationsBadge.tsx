import { ESCALATIONS_LIMIT, escalationsSpec, isOpenEscalation } from '../data/escalations';
import { useLiveQuery } from '../data/live-query';

/**
 * The navigation's count of the signed-in staff member's open escalations (unread and not ended),
 * from the listener the Escalations screen shares; none shown when there are none.
 */
export function OpenEscalationsBadge({ uid }: { uid: string }) {
  const notices = useLiveQuery(uid ? escalationsSpec(uid) : null);
  const count = notices.data.filter(isOpenEscalation).length;
  if (count === 0) return null;
  return (
    <span
      className="ml-2 rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white"
      data-testid="open-escalations-badge"
    >
      {count >= ESCALATIONS_LIMIT ? `${ESCALATIONS_LIMIT - 1}+` : count}
      <span className="sr-only"> open {count === 1 ? 'escalation' : 'escalations'}</span>
    </span>
  );
}
