/**
 * What a photo's header says before any pixel is decoded (docs/media.md): its size in pixels, so
 * an oversized image is refused before memory is taken for it, and a JPEG's EXIF orientation
 * (the tag only: the copies carry no EXIF).
 */
import type { Orientation, Size } from './image-resize';

/** The most pixels a photo may have to be decoded (a 12 MP phone photo is well inside). */
export const MAX_IMAGE_PIXELS = 50_000_000;

export const imageTooLarge = (size: Size) =>
  `The photo is ${size.width} × ${size.height} pixels: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels can be processed.`;

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 0x10000 + u16be(b, at + 2);

/** A JPEG segment: its marker and where its payload (after the 2-byte length) lies. */
interface Segment {
  marker: number;
  start: number;
  end: number;
}

/** The JPEG's header segments, up to the image data (start of scan). */
function* jpegSegments(bytes: Uint8Array): Generator<Segment> {
  let at = 2; // after SOI
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return; // start of scan, end of image
    const length = u16be(bytes, at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return;
    yield { marker, start: at + 4, end: at + 2 + length };
    at += 2 + length;
  }
}

/** Start-of-frame markers (C0–CF but DHT C4, JPG C8 and DAC CC): they carry the size. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(bytes: Uint8Array): Size | null {
  for (const { marker, start, end } of jpegSegments(bytes))
    if (isStartOfFrame(marker) && end - start >= 5)
      return { height: u16be(bytes, start + 1), width: u16be(bytes, start + 3) };
  return null;
}

/**
 * The size a PNG (IHDR, first chunk) or GIF (logical screen) or JPEG (start of frame) declares;
 * null when the header is not there.
 */
export function declaredImageSize(
  bytes: Uint8Array,
  container: 'jpeg' | 'png' | 'gif',
): Size | null {
  if (container === 'jpeg') return jpegSize(bytes);
  if (container === 'png')
    return bytes.length >= 24 && String.fromCharCode(...bytes.subarray(12, 16)) === 'IHDR'
      ? { width: u32be(bytes, 16), height: u32be(bytes, 20) }
      : null;
  return bytes.length >= 10
    ? { width: bytes[6]! | (bytes[7]! << 8), height: bytes[8]! | (bytes[9]! << 8) }
    : null;
}

/** The Orientation tag (0x0112) of a JPEG's EXIF, 1 (as stored) when absent or unreadable. */
export function jpegOrientation(bytes: Uint8Array): Orientation {
  for (const { marker, start, end } of jpegSegments(bytes)) {
    if (marker !== 0xe1 || end - start < 14) continue;
    if (String.fromCharCode(...bytes.subarray(start, start + 6)) !== 'Exif\0\0') continue;
    const tiff = start + 6;
    const order = String.fromCharCode(bytes[tiff]!, bytes[tiff + 1]!);
    if (order !== 'II' && order !== 'MM') return 1;
    const u16 = (at: number) =>
      order === 'MM' ? u16be(bytes, at) : bytes[at]! | (bytes[at + 1]! << 8);
    const u32 = (at: number) =>
      order === 'MM' ? u32be(bytes, at) : u16(at) + u16(at + 2) * 0x10000;
    const ifd0 = tiff + u32(tiff + 4);
    if (ifd0 + 2 > end) return 1;
    const entries = u16(ifd0);
    for (let i = 0; i < entries; i++) {
      const entry = ifd0 + 2 + i * 12;
      if (entry + 12 > end) return 1;
      // Tag 0x0112, type SHORT: the value sits in the first two bytes of the value field.
      if (u16(entry) === 0x0112 && u16(entry + 2) === 3) {
        const value = u16(entry + 8);
        return value >= 1 && value <= 8 ? (value as Orientation) : 1;
      }
    }
    return 1;
  }
  return 1;
}
