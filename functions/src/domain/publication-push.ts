import { PUBLICATION_KINDS, type PublicationKindName, type PushType } from '@campus-safety/model';

export interface PushPayload {
  title: string;
  body: string;
  type: PushType;
  type_id: string;
}

/** FCM shows a few lines at most; longer text is cut at a word boundary with an ellipsis. */
export const PUSH_BODY_MAX = 180;

/** The topic push of a published item: articles go out as `guide`, announcements as `announcement`. */
export function publicationPush(
  kind: PublicationKindName,
  id: string,
  title: string,
  text: string,
): PushPayload {
  return {
    title,
    body: shorten(text, PUSH_BODY_MAX),
    type: PUBLICATION_KINDS[kind].pushType,
    type_id: id,
  };
}

export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
