import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { deleteTag as remove } from '../services/tags';

/** Admin deletes a tag. */
export const deleteTag = callable('deleteTag', async ({ id }) => {
  await remove(db(), id);
  return { deleted: true };
});
