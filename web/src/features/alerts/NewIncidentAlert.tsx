import { useEffect } from 'react';
import type { StaffRole } from '@campus-safety/model';
import { watchIncidentCount } from '../../data/incidents';
import { createNewIncidentAlert } from './alert';

/** How far back the watch starts, so a report written while the console opens still counts as the baseline. */
const WATCH_FROM_MS = 60_000;

/**
 * Watches the reports that arrived since the console opened, within the role's scope (the same
 * filters the rules demand), and alerts when their count grows. Reads only new reports.
 */
export function NewIncidentAlert({ role, campus }: { role: StaffRole; campus: string | null }) {
  useEffect(() => {
    const alert = createNewIncidentAlert();
    return watchIncidentCount(
      { role, uid: '', campus, archived: false },
      new Date(Date.now() - WATCH_FROM_MS),
      (count, fromCache) => alert(count, fromCache),
      (error) => console.error('New-incident watch failed', error),
    );
  }, [role, campus]);
  return null;
}
