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

/** Boxes that hold user data and metadata in MP4/QuickTime files; never needed to play. */
const METADATA_BOXES = new Set(['udta', 'meta', 'uuid', 'XMP_']);
/** Boxes whose children are boxes, walked to find metadata inside them. */
const CONTAINER_BOXES = new Set(['moov', 'trak', 'mdia', 'minf', 'edts', 'dinf', 'stbl']);

/**
 * The MP4/QuickTime display copy: every metadata box (user data `udta` with `©xyz` GPS, `meta`
 * with Apple's location keys, `uuid` XMP) becomes a `free` box of the same size with zeroed
 * content. Offsets into `mdat` stay valid because nothing moves, so the copy plays as the
 * original does. Returns the number of boxes blanked. Changes `bytes` in place.
 */
export function blankMp4Metadata(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let blanked = 0;
  const walk = (start: number, end: number) => {
    let at = start;
    while (at + 8 <= end) {
      let size = view.getUint32(at);
      let header = 8;
      if (size === 1) {
        if (at + 16 > end) return;
        size = Number(view.getBigUint64(at + 8));
        header = 16;
      } else if (size === 0) size = end - at;
      if (size < header || at + size > end) return;
      const type = ascii(bytes, at + 4, at + 8);
      if (METADATA_BOXES.has(type)) {
        bytes.set([0x66, 0x72, 0x65, 0x65], at + 4);
        bytes.fill(0, at + header, at + size);
        blanked++;
      } else if (CONTAINER_BOXES.has(type)) walk(at + header, at + size);
      at += size;
    }
  };
  walk(0, bytes.length);
  return blanked;
}
