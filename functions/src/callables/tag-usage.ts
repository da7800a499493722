import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { tagUsage as usage } from '../services/tags';

/** How many incidents and announcements use the given tags (shown before renaming or deleting). */
export const tagUsage = callable('tagUsage', ({ names }) => usage(db(), names));
