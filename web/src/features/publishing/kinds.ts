import {
  PUBLICATION_KINDS,
  type PublicationKindSpec,
  type SaveAnnouncementRequest,
  type SaveArticleRequest,
} from '@campus-safety/model';

/** The model's descriptor of a kind, plus how the console builds its callable's request. */
export interface PublicationKind extends PublicationKindSpec {
  callable: 'saveArticle' | 'saveAnnouncement';
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
  ...PUBLICATION_KINDS.article,
  request: ({ id, title, text, imageUrl, scheduledDate }): SaveArticleRequest => ({
    ...(id ? { id } : {}),
    title,
    description: text,
    imageUrl,
    scheduledDate,
  }),
};

export const ANNOUNCEMENTS: PublicationKind = {
  ...PUBLICATION_KINDS.announcement,
  request: ({ id, title, text, imageUrl, tags, scheduledDate }): SaveAnnouncementRequest => ({
    ...(id ? { id } : {}),
    title,
    body: text,
    imageUrl,
    tags,
    scheduledDate,
  }),
};
