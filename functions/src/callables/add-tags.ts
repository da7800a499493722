import { callable } from '../services/callable';
import { db } from '../services/firebase';
import { addTags as add } from '../services/tags';

/** Staff add tags (Admins on the tags screen, IMT while tagging a report). */
export const addTags = callable('addTags', ({ names }) => add(db(), names));
