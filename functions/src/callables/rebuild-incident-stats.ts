import type { RebuildIncidentStatsResponse } from '@campus-safety/model';
import { rebuildIncidentStatsSchema } from '../schemas/callables';
import { parseInput } from '../schemas/parse';
import { callable } from '../services/callable';
import { requireCaller } from '../services/caller';
import { db } from '../services/firebase';
import { rebuildIncidentStats as rebuild } from '../services/incident-stats';

/** Admin recomputes the campus stats from the reports (after seeding or importing data). */
export const rebuildIncidentStats = callable(
  'Could not rebuild the incident statistics. Try again.',
  async (request): Promise<RebuildIncidentStatsResponse> => {
    await requireCaller(db(), request.auth?.uid, ['Admin']);
    parseInput(rebuildIncidentStatsSchema, request.data);
    return rebuild(db(), new Date());
  },
);
