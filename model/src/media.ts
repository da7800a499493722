/**
 * Photos, video and audio on incidents and their messages (issue 19 item 3, docs/media.md). A
 * client uploads the original to STORAGE_PATHS.reporterMedia or .staffMedia; the upload check
 * trigger judges it by its bytes and writes `incident_reports/{id}/media/{mediaId}` (IncidentMedia)
 * with the copies it made under STORAGE_PATHS.mediaCopy. storage.rules restate the content types
 * and byte limits (test/rules/model-drift.test.ts).
 */
import { z } from './zod-config';
import { LIMITS } from './constants';
import type { TimestampLike } from './entities';
import { INCIDENT_MEDIA_FOLDER } from './storage-paths';

export const MEDIA_KINDS = ['image', 'video', 'audio'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** How people are told of each kind (labels, the timeline's "Photo added …"). */
export const MEDIA_KIND_NAMES: Record<MediaKind, string> = {
  image: 'Photo',
  video: 'Video',
  audio: 'Audio',
};

export const VIDEO_CONTENT_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
export const AUDIO_CONTENT_TYPES = [
  'audio/mpeg',
  'audio/mp4',
  'audio/x-m4a',
  'audio/ogg',
  'audio/webm',
  'audio/wav',
  'audio/x-wav',
] as const;

/**
 * The photos the server can make copies of. Not WebP, which other images (articles, profiles)
 * may be: no WebP decoder small enough for the install exists, so the picker and the rules refuse
 * it before the upload rather than the server after it (docs/media.md).
 */
export const MEDIA_IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

/** The content types a client may declare for each kind (the server then checks the bytes). */
export const MEDIA_CONTENT_TYPES: Record<MediaKind, readonly string[]> = {
  image: MEDIA_IMAGE_CONTENT_TYPES,
  video: VIDEO_CONTENT_TYPES,
  audio: AUDIO_CONTENT_TYPES,
};

export const MEDIA_BYTES: Record<MediaKind, number> = {
  image: LIMITS.mediaImageBytes,
  video: LIMITS.mediaVideoBytes,
  audio: LIMITS.mediaAudioBytes,
};

/** What the upload picker offers (the `accept` of its file input). */
export const MEDIA_ACCEPT = MEDIA_KINDS.flatMap((kind) => MEDIA_CONTENT_TYPES[kind]).join(',');

/** The kind a declared content type belongs to, or null when no media may have it. */
export function mediaKindOfContentType(contentType: string): MediaKind | null {
  return MEDIA_KINDS.find((kind) => MEDIA_CONTENT_TYPES[kind].includes(contentType)) ?? null;
}

/**
 * Why a file may not be uploaded as media, or null: the picker's check before upload, the same
 * bounds the rules enforce (and the server checks again by content).
 */
export function mediaUploadProblem(file: {
  name: string;
  type: string;
  size: number;
}): string | null {
  const kind = mediaKindOfContentType(file.type);
  if (!kind)
    return `${file.name}: only photos (JPEG, PNG, GIF), videos (MP4, WebM, MOV) and audio (MP3, M4A, OGG, WebM, WAV) can be attached.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size >= MEDIA_BYTES[kind])
    return `${file.name} is too large: a ${kind} must be under ${MEDIA_BYTES[kind] / 1024 / 1024} MB.`;
  return null;
}

/**
 * The stored name of an original: `original.<ext>` from its content type, never the picked file's
 * own name (free text that staff would read, which may name an anonymous reporter).
 */
export const MEDIA_FILE_NAME_PATTERN = 'original[.][a-z0-9]{2,4}';
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/ogg': 'ogg',
  'audio/webm': 'weba',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
};
export function mediaFileName(contentType: string): string {
  return `original.${EXTENSIONS[contentType] ?? 'bin'}`;
}

/** A client-made media id: random, URL-safe, bounded (the rules restate the pattern). */
export const MEDIA_ID_PATTERN = '[A-Za-z0-9_-]{16,40}';
export const isMediaId = (value: unknown): value is string =>
  typeof value === 'string' && new RegExp(`^${MEDIA_ID_PATTERN}$`).test(value);

/** A new random media id (Web Crypto: browsers and Node alike). */
export function newMediaId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export const MEDIA_SIDES = ['reporter', 'staff'] as const;
export type MediaSide = (typeof MEDIA_SIDES)[number];

/** The copies the server writes beside an original (STORAGE_PATHS.mediaCopy). */
export const MEDIA_COPIES = {
  /** Images: a JPEG at most thumbWidth px wide, no metadata. */
  thumb: 'thumb.jpg',
  /** Images: a JPEG at most displayEdge px on its longer side, no metadata. */
  displayImage: 'display.jpg',
  /**
   * Video and audio: the original's layout with only the boxes and chunks needed to play kept
   * (MP4, M4A, QuickTime, WAV; functions/src/domain/media-copies.ts); none for other containers.
   */
  displayMedia: 'display',
} as const;
export const MEDIA_THUMB_WIDTH = 320;
export const MEDIA_DISPLAY_EDGE = 1600;

/** Where an uploaded file sits: the parts of its path, or null when it is not an original. */
export interface MediaUploadPath {
  incidentId: string;
  side: MediaSide;
  /** The uploader, for the staff side only. */
  uid: string | null;
  mediaId: string;
  fileName: string;
}

export function parseMediaUploadPath(path: string): MediaUploadPath | null {
  const parts = path.split('/');
  if (parts[0] !== INCIDENT_MEDIA_FOLDER) return null;
  const [, incidentId, side] = parts;
  if (!incidentId) return null;
  if (side === 'reporter' && parts.length === 5) {
    const [, , , mediaId, fileName] = parts as [string, string, string, string, string];
    return isMediaId(mediaId) && fileName
      ? { incidentId, side, uid: null, mediaId, fileName }
      : null;
  }
  if (side === 'staff' && parts.length === 6) {
    const [, , , uid, mediaId, fileName] = parts as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    return uid && isMediaId(mediaId) && fileName
      ? { incidentId, side, uid, mediaId, fileName }
      : null;
  }
  return null;
}

/** `incident_reports/{id}/media/{mediaId}`: written only by the server. */
export interface IncidentMedia<T = TimestampLike> {
  side: MediaSide;
  /** The staff member who attached it; null on the reporter side (never an anonymous uid). */
  by: { uid: string; name: string } | null;
  /** What the bytes are; null when they are nothing a report may carry. */
  kind: MediaKind | null;
  /** The content type the server derived from the bytes (never the client's claim). */
  contentType: string | null;
  size: number;
  /** Of the original, hex; null when it was not read (quarantined before). */
  sha256: string | null;
  state: 'ready' | 'quarantined';
  /** Why it is withheld (quarantined only). */
  reason?: string;
  /** The upload's path (moved under quarantine/ when quarantined). */
  originalPath: string;
  thumbPath?: string;
  displayPath?: string;
  /** Why a ready file has no display copy (a container the server cannot copy safely). */
  noPreview?: string;
  width?: number;
  height?: number;
  createdAt: T;
}

/** Validates what a reader gets back (the console parses each media doc with it). */
export const incidentMediaSchema = z.object({
  side: z.enum(MEDIA_SIDES),
  by: z.object({ uid: z.string(), name: z.string() }).nullable(),
  kind: z.enum(MEDIA_KINDS).nullable(),
  contentType: z.string().nullable(),
  size: z.number().int().nonnegative(),
  sha256: z.string().nullable(),
  state: z.enum(['ready', 'quarantined']),
  reason: z.string().optional(),
  originalPath: z.string(),
  thumbPath: z.string().optional(),
  displayPath: z.string().optional(),
  noPreview: z.string().optional(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  createdAt: z.unknown(),
});

/** The ids of a message's media that are ready media of the report (the rest are not shown). */
export function shownMediaIds(
  ids: readonly unknown[] | undefined,
  ready: ReadonlySet<string>,
): string[] {
  return (ids ?? []).filter((id): id is string => typeof id === 'string' && ready.has(id));
}
