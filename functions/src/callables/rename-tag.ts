import { MESSAGES } from '@campus-safety/model';
import { renameTagSchema } from '../schemas/callables';
import { parseInput } from '../schemas/parse';
import { callable } from '../services/callable';
import { requireCaller } from '../services/caller';
import { db } from '../services/firebase';
import { renameTag as rename } from '../services/tags';

/** Admin renames a tag; items carrying it are updated to the new name. */
export const renameTag = callable(MESSAGES.failedToUpdateTag, async (request) => {
  await requireCaller(db(), request.auth?.uid, ['Admin']);
  const { id, name } = parseInput(renameTagSchema, request.data);
  return rename(db(), id, name);
});
