import { MESSAGES } from '@campus-safety/model';
import { deleteTagSchema } from '../schemas/callables';
import { parseInput } from '../schemas/parse';
import { callable } from '../services/callable';
import { requireCaller } from '../services/caller';
import { db } from '../services/firebase';
import { deleteTag as remove } from '../services/tags';

/** Admin deletes a tag. */
export const deleteTag = callable(MESSAGES.failedToDeleteTag, async (request) => {
  await requireCaller(db(), request.auth?.uid, ['Admin']);
  const { id } = parseInput(deleteTagSchema, request.data);
  await remove(db(), id);
  return { deleted: true };
});
