import {
  CALLABLES,
  COLLECTIONS,
  MESSAGES,
  STORAGE_PATHS,
  type SaveAnnouncementRequest,
  type SaveArticleRequest,
} from '@campus-safety/model';

/** What differs between articles (guides) and announcements; the screens are otherwise one. */
export interface PublicationKind {
  collection: string;
  singular: string;
  plural: string;
  textField: 'description' | 'body';
  textLabel: string;
  withTags: boolean;
  callable: string;
  updateFailed: string;
  imagePath: (id: string, fileName: string) => string;
  request: (fields: {
    id?: string;
    title: string;
    text: string;
    imageUrl: string | null;
    tags: string[];
    scheduledDate: string | null;
  }) => SaveArticleRequest | SaveAnnouncementRequest;
}

export const ARTICLES: PublicationKind = {
  collection: COLLECTIONS.articles,
  singular: 'article',
  plural: 'articles',
  textField: 'description',
  textLabel: 'Description',
  withTags: false,
  callable: CALLABLES.saveArticle,
  updateFailed: MESSAGES.failedToUpdateArticle,
  imagePath: STORAGE_PATHS.articleImage,
  request: ({ id, title, text, imageUrl, scheduledDate }): SaveArticleRequest => ({
    ...(id ? { id } : {}),
    title,
    description: text,
    imageUrl,
    scheduledDate,
  }),
};

export const ANNOUNCEMENTS: PublicationKind = {
  collection: COLLECTIONS.announcements,
  singular: 'announcement',
  plural: 'announcements',
  textField: 'body',
  textLabel: 'Body',
  withTags: true,
  callable: CALLABLES.saveAnnouncement,
  updateFailed: MESSAGES.failedToUpdateAnnouncement,
  imagePath: STORAGE_PATHS.announcementImage,
  request: ({ id, title, text, imageUrl, tags, scheduledDate }): SaveAnnouncementRequest => ({
    ...(id ? { id } : {}),
    title,
    body: text,
    imageUrl,
    tags,
    scheduledDate,
  }),
};
