import { callable } from '../services/callable';
import { db } from '../services/firebase';
import { deleteTag as remove } from '../services/tags';

/** Admin deletes a tag. */
export const deleteTag = callable('deleteTag', async ({ id }) => {
  await remove(db(), id);
  return { deleted: true };
});
