import { programmeTimeZone } from '../services/settings';
import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { rebuildIncidentStats as rebuild } from '../services/incident-stats';

/** Admin recomputes the campus stats from the reports (after seeding or importing data). */
export const rebuildIncidentStats = callable('rebuildIncidentStats', async () =>
  rebuild(db(), await programmeTimeZone(db(), { fresh: true })),
);
