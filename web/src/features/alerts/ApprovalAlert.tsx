import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { KIND_LABELS } from '@campus-safety/model';
import { useToasts } from '../../components/toast-store';
import { awaitingApprovalSpec } from '../../data/mass-notifications';
import { useLiveQuery } from '../../data/live-query';
import { createIncidentAlertTracker } from './alert-tracker';
import { CountBadge } from './CountBadge';
import { playAlertSound } from './beep';

/** The waiting alerts this Admin may approve: every one but their own. */
function useApprovable(uid: string) {
  const waiting = useLiveQuery(awaitingApprovalSpec);
  const rows = useMemo(
    () => waiting.data.filter((a) => a.author?.uid !== uid),
    [waiting.data, uid],
  );
  return { ready: waiting.status === 'ready', rows };
}

/**
 * Tells an Admin in an open console that an alert started waiting for a second Admin (one toast
 * with Open and the alert sound): waiting costs the campus time (docs/mass-notifications.md#approval).
 */
export function ApprovalAlert({ uid }: { uid: string }) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const tracker = useRef(createIncidentAlertTracker());
  const { ready, rows } = useApprovable(uid);
  useEffect(() => {
    const news = new Set(
      tracker.current.observe(
        rows.map((a) => a.id),
        !ready,
      ),
    );
    const fresh = rows.filter((a) => news.has(a.id));
    for (const a of fresh)
      useToasts.getState().show({
        title: 'An alert waits for your approval',
        message: `${KIND_LABELS[a.kind]}: ${a.title}, by ${a.author?.name || 'an Admin'}.`,
        tone: 'alert',
        // It stays until acted on or dismissed: an unseen waiting alert holds the warning back.
        stays: true,
        actions: [
          {
            label: 'Open',
            onClick: () => void navigateRef.current(`/mass-notifications/${a.id}`),
          },
        ],
      });
    if (fresh.length > 0) playAlertSound();
  }, [ready, rows]);
  return <span hidden data-approval-watch={ready ? 'live' : 'starting'} />;
}

/** Beside the Mass notifications navigation entry: how many alerts wait for this Admin's approval. */
export function ApprovalBadge({ uid }: { uid: string }) {
  return (
    <CountBadge
      count={useApprovable(uid).rows.length}
      counts="waiting for your approval"
      testId="approval-badge"
    />
  );
}
