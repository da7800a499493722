import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { renameTag as rename } from '../services/tags';

/** Admin renames a tag; items carrying it are updated to the new name. */
export const renameTag = callable('renameTag', ({ id, name }) => rename(db(), id, name));
