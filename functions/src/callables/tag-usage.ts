import { STAFF_ROLES } from '@campus-safety/model';
import { tagUsageSchema } from '../schemas/callables';
import { parseInput } from '../schemas/parse';
import { callable } from '../services/callable';
import { requireCaller } from '../services/caller';
import { db } from '../services/firebase';
import { tagUsage as usage } from '../services/tags';

/** How many incidents and announcements use the given tags (shown before renaming or deleting). */
export const tagUsage = callable(
  'Could not count where the tags are used. Try again.',
  async (request) => {
    await requireCaller(db(), request.auth?.uid, STAFF_ROLES);
    const { names } = parseInput(tagUsageSchema, request.data);
    return usage(db(), names);
  },
);
