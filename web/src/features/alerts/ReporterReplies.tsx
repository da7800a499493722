import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { StaffRole } from '@campus-safety/model';
import { listenToQuery } from '../../data/firestore';
import { triageQueueSpec } from '../../data/incidents';
import { useLiveQuery } from '../../data/live-query';
import type { IncidentScope } from '../../data/scopes';
import { reporterRepliedWheres } from '../../data/reporter-replies';
import { createReplyAlert } from './reply-alert';
import { useLatestCampusName } from '../../data/settings';

/** Reports the count and the alert follow at most; the count says "99+" beyond. */
const REPLIES_WATCHED = 100;

function scopeOf(role: StaffRole, campus: string | null): IncidentScope {
  return { role, uid: '', campus, archived: false };
}

/** The reports whose reporter wrote something unread, beside the Reports entry of the navigation. */
export function ReporterRepliedBadge({ role, campus }: { role: StaffRole; campus: string | null }) {
  const list = useLiveQuery(
    triageQueueSpec(reporterRepliedWheres(scopeOf(role, campus)), REPLIES_WATCHED),
  );
  const count = list.data.length;
  if (count === 0) return null;
  return (
    <span
      className="ml-2 rounded-full bg-sky-700 px-2 py-0.5 text-xs font-semibold text-white"
      data-testid="replied-badge"
    >
      {count >= REPLIES_WATCHED ? `${REPLIES_WATCHED - 1}+` : count}
      <span className="sr-only"> {count === 1 ? 'report' : 'reports'} with an unread reply</span>
    </span>
  );
}

/** Alerts staff when a reporter of their scope writes (a toast with Open and the alert sound). */
export function ReporterRepliedAlert({ role, campus }: { role: StaffRole; campus: string | null }) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const campusName = useLatestCampusName();
  const [live, setLive] = useState(false);
  useEffect(() => {
    const alert = createReplyAlert(
      (incidentId) =>
        navigateRef.current(
          incidentId ? `/reports?id=${encodeURIComponent(incidentId)}` : '/reports',
        ),
      campusName,
    );
    return listenToQuery(
      triageQueueSpec(reporterRepliedWheres(scopeOf(role, campus)), REPLIES_WATCHED),
      ({ rows, fromCache }) => {
        alert(rows, fromCache);
        if (!fromCache) setLive(true);
      },
      (error) => console.error('Reporter-reply watch failed', error),
      // The server's first answer is the baseline, even when it equals the cached one.
      { includeMetadataChanges: true },
    );
  }, [role, campus, campusName]);
  return <span hidden data-reply-watch={live ? 'live' : 'starting'} />;
}
