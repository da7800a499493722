import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { tagUsage as usage } from '../services/tags';

/** How many incidents and announcements use the given tags (shown before renaming or deleting), as far as the caller may see. */
export const tagUsage = callable('tagUsage', ({ names }, caller) => usage(db(), names, caller));
