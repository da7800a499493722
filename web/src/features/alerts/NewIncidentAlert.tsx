import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { StaffRole } from '@campus-safety/model';
import { watchNewIncidents } from '../../data/incidents';
import { createNewIncidentAlert } from './alert';
import { useLatestCampusName } from '../../data/settings';

/** How far back the watch starts, so a report written while the console opens still counts as the baseline. */
const WATCH_FROM_MS = 60_000;

/**
 * Watches the reports that arrived since the console opened, within the role's scope (the same
 * filters the rules demand), and alerts on each new one. Reads only new reports.
 */
export function NewIncidentAlert({ role, campus }: { role: StaffRole; campus: string | null }) {
  const navigate = useNavigate();
  // The alert outlives renders; it opens through the latest navigate.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const campusName = useLatestCampusName();
  // Whether the server's first answer (the baseline) has arrived: reports after it alert.
  const [live, setLive] = useState(false);
  useEffect(() => {
    const alert = createNewIncidentAlert(
      (incidentId) =>
        navigateRef.current(
          incidentId ? `/reports?id=${encodeURIComponent(incidentId)}` : '/reports',
        ),
      campusName,
    );
    return watchNewIncidents(
      { role, uid: '', campus, archived: false },
      new Date(Date.now() - WATCH_FROM_MS),
      (rows, fromCache) => {
        alert(rows, fromCache);
        if (!fromCache) setLive(true);
      },
      (error) => console.error('New-incident watch failed', error),
    );
  }, [role, campus, campusName]);
  return <span hidden data-new-incident-watch={live ? 'live' : 'starting'} />;
}
