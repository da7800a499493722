import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  acknowledgeAssignment,
  markAssignmentNoticeRead,
  watchAssignmentNotices,
} from '../../data/assignments';
import { createAssignmentAlert } from './assignment-alert';
import { useLatestCampusName } from '../../data/settings';

/**
 * Watches the signed-in staff member's pages (a report assigned to them, or moved away) and
 * alerts on each new one: the assignee is told at once in an open console.
 */
export function AssignmentAlert({ uid }: { uid: string }) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const campusName = useLatestCampusName();
  const [live, setLive] = useState(false);
  useEffect(() => {
    const alert = createAssignmentAlert({
      open: (incidentId) =>
        void navigateRef.current(`/reports?id=${encodeURIComponent(incidentId)}`),
      acknowledge: acknowledgeAssignment,
      markRead: (noticeId) => markAssignmentNoticeRead(uid, noticeId),
      campusName: campusName,
    });
    return watchAssignmentNotices(
      uid,
      (rows, fromCache) => {
        alert(rows, fromCache);
        if (!fromCache) setLive(true);
      },
      (error) => console.error('Assignment watch failed', error),
    );
  }, [uid, campusName]);
  return <span hidden data-assignment-watch={live ? 'live' : 'starting'} />;
}
