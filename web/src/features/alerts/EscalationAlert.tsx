import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { StaffRole } from '@campus-safety/model';
import { openEscalationWheres } from '../../data/open-escalations';
import { listenToQuery } from '../../data/firestore';
import { triageQueueSpec } from '../../data/incidents';
import { createEscalationAlert } from './escalation-alert';
import { useLatestCampusName } from '../../data/settings';

/** Reports with an open escalation the alert follows at most. */
const ESCALATIONS_WATCHED = 100;

/**
 * Alerts staff in an open console when a report of their scope escalates: one toast per step the
 * server fires, with Open (issue 20 item 3).
 */
export function EscalationAlert({ role, campus }: { role: StaffRole; campus: string | null }) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const campusName = useLatestCampusName();
  const [live, setLive] = useState(false);
  useEffect(() => {
    const alert = createEscalationAlert(
      (incidentId) => void navigateRef.current(`/reports?id=${encodeURIComponent(incidentId)}`),
      campusName,
    );
    return listenToQuery(
      triageQueueSpec(
        openEscalationWheres({ role, uid: '', campus, archived: false }),
        ESCALATIONS_WATCHED,
      ),
      ({ rows, fromCache }) => {
        alert(rows, fromCache);
        if (!fromCache) setLive(true);
      },
      (error) => console.error('Escalation watch failed', error),
      // The server's first answer is the baseline, even when it equals the cached one.
      { includeMetadataChanges: true },
    );
  }, [role, campus, campusName]);
  return <span hidden data-escalation-watch={live ? 'live' : 'starting'} />;
}
