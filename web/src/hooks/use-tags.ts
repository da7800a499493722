import { collection, orderBy, query } from 'firebase/firestore';
import { COLLECTIONS, type Tag } from '@campus-safety/model';
import { db } from '../lib/db';
import { useLiveQuery } from '../lib/live-query';

/** Live tag vocabulary, by name; shared by the tag screen, assignment and announcements. */
export function useTags() {
  return useLiveQuery<Tag>('tags:all', () =>
    query(collection(db, COLLECTIONS.tags), orderBy('name')),
  );
}
