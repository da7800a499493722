import { LIMITS, MEDIA_BYTES, mediaKindOfContentType, type MediaKind } from '@campus-safety/model';
import { detectType } from './file-content';

/**
 * What the first bytes of an incident's media file say it is (docs/media.md). Images come from
 * detectType (one home for image magic bytes); the rest are the containers phones record in.
 */
export type MediaContainer =
  'jpeg' | 'png' | 'webp' | 'gif' | 'mp4' | 'quicktime' | 'webm' | 'ogg' | 'wav' | 'mp3';

/** Bytes needed to tell the containers apart (ftyp brand at 8..11, "RIFF" size "WAVE"). */
export const MEDIA_MAGIC_BYTES = 12;

const ascii = (head: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...head.subarray(from, to));

export function detectMediaContainer(head: Uint8Array): MediaContainer | null {
  const image = detectType(head);
  if (image && image !== 'zip') return image;
  if (head.length < MEDIA_MAGIC_BYTES) return null;
  const box = ascii(head, 4, 8);
  if (box === 'ftyp') return ascii(head, 8, 12) === 'qt  ' ? 'quicktime' : 'mp4';
  // QuickTime files from before the ftyp box start with one of these atoms.
  if (box === 'moov' || box === 'mdat' || box === 'wide') return 'quicktime';
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  if (ascii(head, 0, 4) === 'OggS') return 'ogg';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') return 'wav';
  if (ascii(head, 0, 3) === 'ID3') return 'mp3';
  // An MPEG audio frame sync (11 bits set) with a valid layer.
  if (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) !== 0) return 'mp3';
  return null;
}

/** The content type a container has as each kind of media (an MP4 may be video or audio). */
const CONTAINER_TYPES: Record<MediaContainer, Partial<Record<MediaKind, string>>> = {
  jpeg: { image: 'image/jpeg' },
  png: { image: 'image/png' },
  webp: { image: 'image/webp' },
  gif: { image: 'image/gif' },
  mp4: { video: 'video/mp4', audio: 'audio/mp4' },
  quicktime: { video: 'video/quicktime' },
  webm: { video: 'video/webm', audio: 'audio/webm' },
  ogg: { audio: 'audio/ogg' },
  wav: { audio: 'audio/wav' },
  mp3: { audio: 'audio/mpeg' },
};

/** A phrase for what a refused file really is, when its first bytes tell (for the reason). */
function whatItIs(head: Uint8Array): string {
  if (head[0] === 0x4d && head[1] === 0x5a) return 'a Windows program';
  if (head[0] === 0x7f && ascii(head, 1, 4) === 'ELF') return 'a program';
  if (head[0] === 0x25 && ascii(head, 1, 4) === 'PDF') return 'a PDF document';
  if (detectType(head) === 'zip') return 'a ZIP archive';
  if (/^\s*<(!doctype|html|svg|\?xml|script)/i.test(ascii(head, 0, head.length)))
    return 'a web page or script';
  return 'not a photo, video or audio recording';
}

export type MediaJudgement =
  | { ok: true; kind: MediaKind; container: MediaContainer; contentType: string }
  | { ok: false; kind: MediaKind | null; reason: string };

/**
 * Whether an uploaded file may be shown as media, by its content: the declared type only says
 * which kind the uploader meant; the bytes must be that kind, within its size limit.
 */
export function judgeMedia(head: Uint8Array, declaredType: string, size: number): MediaJudgement {
  const kind = mediaKindOfContentType(declaredType);
  if (!kind)
    return { ok: false, kind: null, reason: `Files of type ${declaredType} cannot be attached.` };
  const container = detectMediaContainer(head);
  if (!container)
    return { ok: false, kind, reason: `The file is ${whatItIs(head)}, whatever its name says.` };
  const contentType = CONTAINER_TYPES[container][kind];
  if (!contentType)
    return {
      ok: false,
      kind,
      reason: `The file is a ${container.toUpperCase()} file, not the ${kind} it was sent as.`,
    };
  if (size >= MEDIA_BYTES[kind])
    return {
      ok: false,
      kind,
      reason: `The ${kind} is larger than ${MEDIA_BYTES[kind] / 1024 / 1024} MB.`,
    };
  return { ok: true, kind, container, contentType };
}

export const TOO_MANY_MEDIA = `Too many files on this report (at most ${LIMITS.mediaPerReport}).`;
