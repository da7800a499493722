import { LIMITS } from '@campus-safety/model';

/** What the first bytes of a file say it is. */
export type DetectedType = 'png' | 'jpeg' | 'webp' | 'gif' | 'zip';

/** Bytes needed to tell the types apart (WebP: "RIFF" size "WEBP"). */
export const MAGIC_BYTES = 12;

const startsWith = (head: Uint8Array, bytes: number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function detectType(head: Uint8Array): DetectedType | null {
  if (startsWith(head, [0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  // A local file header: every APK (a ZIP) starts with one.
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  return null;
}

/** Which rule a stored file answers to, from its path (STORAGE_PATHS); null: not checked. */
export function fileKind(path: string): 'image' | 'release' | null {
  const top = path.split('/')[0];
  if (top === 'releases') return 'release';
  if (top === 'articles' || top === 'announcements' || top === 'accomplishments') return 'image';
  if (top === 'profiles') return 'image';
  return null;
}

const IMAGE_TYPES: readonly DetectedType[] = ['png', 'jpeg', 'webp', 'gif'];

/**
 * Why a file cannot stay where it is, as a sentence for the console, or null when it may. The
 * content decides, not the name or the declared content type: a text file renamed `.png` is not
 * an image, and a stub is not an app.
 */
export function fileProblem(
  kind: 'image' | 'release',
  detected: DetectedType | null,
  size: number,
): string | null {
  if (kind === 'image') {
    if (!detected || !IMAGE_TYPES.includes(detected))
      return 'The file is not a PNG, JPEG, WebP or GIF image (its content says otherwise, whatever its name).';
    if (size > LIMITS.imageBytes)
      return `The image is larger than ${LIMITS.imageBytes / 1024 / 1024} MB.`;
    return null;
  }
  if (detected !== 'zip')
    return 'The file is not an app package (APK, AAB and IPA files are ZIP archives).';
  if (size < LIMITS.releaseMinBytes)
    return `The file is too small to be an app (${size} bytes; at least ${LIMITS.releaseMinBytes}).`;
  if (size > LIMITS.releaseBytes)
    return `The file is larger than ${LIMITS.releaseBytes / 1024 / 1024} MB.`;
  return null;
}
