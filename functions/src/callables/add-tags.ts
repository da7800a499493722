import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { addTags as add } from '../services/tags';

/** Staff add tags (Admins on the tags screen, IMT while tagging a report). */
export const addTags = callable('addTags', ({ names }) => add(db(), names));
