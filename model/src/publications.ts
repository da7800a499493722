import type { CallableName } from './callables';
import { COLLECTIONS } from './collections';
import { MESSAGES, PUSH_TYPES, type PushType } from './constants';
import { STORAGE_PATHS } from './storage-paths';

/**
 * What differs between articles (guides) and announcements; the callables, the publishing job
 * and the console's screens are otherwise one. Read by the functions (collection, push type) and
 * the console (labels, callable, image folder).
 */
export interface PublicationKindSpec {
  collection: string;
  callable: CallableName;
  /** The field holding the text: articles have a description, announcements a body. */
  textField: 'description' | 'body';
  textLabel: string;
  singular: string;
  plural: string;
  withTags: boolean;
  /** The `type` of the topic push sent when it is published. */
  pushType: PushType;
  updateFailed: string;
  imagePath: (id: string, fileName: string) => string;
}

export const PUBLICATION_KINDS = {
  article: {
    collection: COLLECTIONS.articles,
    callable: 'saveArticle',
    textField: 'description',
    textLabel: 'Description',
    singular: 'article',
    plural: 'articles',
    withTags: false,
    pushType: PUSH_TYPES.guide,
    updateFailed: MESSAGES.failedToUpdateArticle,
    imagePath: STORAGE_PATHS.articleImage,
  },
  announcement: {
    collection: COLLECTIONS.announcements,
    callable: 'saveAnnouncement',
    textField: 'body',
    textLabel: 'Body',
    singular: 'announcement',
    plural: 'announcements',
    withTags: true,
    pushType: PUSH_TYPES.announcement,
    updateFailed: MESSAGES.failedToUpdateAnnouncement,
    imagePath: STORAGE_PATHS.announcementImage,
  },
} as const satisfies Record<string, PublicationKindSpec>;

export type PublicationKindName = keyof typeof PUBLICATION_KINDS;
