import { callable } from '../services/callable';
import { db } from '../services/firebase';
import { renameTag as rename } from '../services/tags';

/** Admin renames a tag; items carrying it are updated to the new name. */
export const renameTag = callable('renameTag', ({ id, name }) => rename(db(), id, name));
