import type { HousekeepingResponse } from '@campus-safety/model';
import { runHousekeepingSchema } from '../schemas/callables';
import { parseInput } from '../schemas/parse';
import { callable } from '../services/callable';
import { requireCaller } from '../services/caller';
import { auth, db, isEmulated } from '../services/firebase';
import { runHousekeeping as run } from '../services/housekeeping';

/** Admin runs the housekeeping job now (the emulator suite runs no schedules). */
export const runHousekeeping = callable(
  'Could not run the housekeeping job. Try again.',
  async (request): Promise<HousekeepingResponse> => {
    await requireCaller(db(), request.auth?.uid, ['Admin']);
    parseInput(runHousekeepingSchema, request.data);
    return run({
      db: db(),
      auth: auth(),
      now: () => new Date(),
      sweepMarkers: isEmulated(),
    });
  },
);
