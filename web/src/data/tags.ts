import { COLLECTIONS, type Tag } from '@campus-safety/model';
import { entityConverter } from './firestore';
import type { QuerySpec } from './spec';

/** The tag vocabulary by name; shared by the tag screen, assignment, filters and announcements. */
export const tagsSpec: QuerySpec<Tag> = {
  path: [COLLECTIONS.tags],
  converter: entityConverter<Tag>(),
  wheres: [],
  orderBy: { field: 'name', direction: 'asc' },
};
