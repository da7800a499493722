import { STAFF_ROLES } from '@campus-safety/model';
import { addTagsSchema } from '../schemas/callables';
import { parseInput } from '../schemas/parse';
import { callable } from '../services/callable';
import { requireCaller } from '../services/caller';
import { db } from '../services/firebase';
import { addTags as add } from '../services/tags';

/** Staff add tags (Admins on the tags screen, IMT while tagging a report). */
export const addTags = callable('Could not add the tags. Try again.', async (request) => {
  await requireCaller(db(), request.auth?.uid, STAFF_ROLES);
  const { names } = parseInput(addTagsSchema, request.data);
  return add(db(), names);
});
