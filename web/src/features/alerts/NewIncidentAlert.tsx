import { useEffect } from 'react';
import { collection, onSnapshot, query, Timestamp, where } from 'firebase/firestore';
import { COLLECTIONS, type StaffRole } from '@campus-safety/model';
import { db } from '../../lib/db';
import { scopeFilters } from '../../lib/incident-scope';
import { whereConstraints } from '../../lib/where';
import { createNewIncidentAlert } from './alert';

/** How far back the watch starts, so a report written while the console opens still counts as the baseline. */
const WATCH_FROM_MS = 60_000;

/**
 * Watches the reports that arrived since the console opened, within the role's scope (the same
 * filters the rules demand), and alerts when their count grows. Reads only new reports.
 */
export function NewIncidentAlert({ role, campus }: { role: StaffRole; campus: string | null }) {
  useEffect(() => {
    const since = Timestamp.fromMillis(Date.now() - WATCH_FROM_MS);
    const scope = whereConstraints(scopeFilters({ role, uid: '', campus, archived: false }));
    const alert = createNewIncidentAlert();
    return onSnapshot(
      query(collection(db, COLLECTIONS.incidentReports), ...scope, where('timestamp', '>=', since)),
      // Metadata changes too: the baseline is the first count the server confirmed, which can
      // arrive as a metadata-only change after a first snapshot served from the cache.
      { includeMetadataChanges: true },
      (snap) => alert(snap.size, snap.metadata.fromCache),
      (error) => console.error('New-incident watch failed', error),
    );
  }, [role, campus]);
  return null;
}
