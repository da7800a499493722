import type { Announcement, Article } from '@campus-safety/model';
import { entityConverter, newDocumentId, updateDocument } from './firestore';
import type { QuerySpec, WithId } from './spec';

/** An article or an announcement: the screens treat both alike (their text field differs). */
export type PublicationFields = Pick<
  Article,
  'title' | 'timestamp' | 'isArchived' | 'isScheduled'
> &
  Partial<Pick<Article, 'description' | 'imageUrl'> & Pick<Announcement, 'body' | 'tags'>>;
export type Publication = WithId<PublicationFields>;

const converter = entityConverter<PublicationFields>();

/** One collection's items (articles or announcements) by archived flag, newest first. */
export function publicationsSpec(
  collection: string,
  archived: boolean,
): QuerySpec<PublicationFields> {
  return {
    path: [collection],
    converter,
    wheres: [{ field: 'isArchived', op: '==', value: archived }],
    orderBy: { field: 'timestamp', direction: 'desc' },
  };
}

/** A folder id for a new item's image, before the callable creates the document. */
export function newPublicationId(collection: string): string {
  return newDocumentId([collection]);
}

export function setPublicationArchived(
  collection: string,
  id: string,
  archived: boolean,
  failure: string,
): Promise<void> {
  return updateDocument([collection, id], { isArchived: archived }, failure);
}
