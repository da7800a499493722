/**
 * What a photo's headers say before any pixel is decoded (docs/media.md): its size in pixels,
 * every GIF frame's size and a JPEG's count of scans, so a file whose decoding would take more
 * memory or time than a check may have is refused before the decoder sees it; and a JPEG's EXIF
 * orientation (the tag only: the copies carry no EXIF).
 */
import type { Orientation, Size } from './image-resize';

/** The most pixels a photo may have to be decoded (a 12 MP phone photo is well inside). */
export const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * The most scans a JPEG may have: a decoder walks the whole frame once per scan, and cameras and
 * encoders write 1 (baseline) to about 12 (progressive).
 */
export const MAX_JPEG_SCANS = 64;

/** The most frames a GIF may have: only the first is decoded, but each is walked to be bounded. */
export const MAX_GIF_FRAMES = 1000;

export const imageTooLarge = (size: Size) =>
  `The photo is ${size.width} × ${size.height} pixels: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels can be processed.`;

const DAMAGED = 'The photo’s header gives no size: the file is damaged.';

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 0x10000 + u16be(b, at + 2);

/** A JPEG segment: its marker and where its payload (after the 2-byte length) lies. */
interface Segment {
  marker: number;
  start: number;
  end: number;
}

/** The JPEG's header segments, up to the image data (the first start of scan). */
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

/**
 * How many start-of-scan markers a JPEG has: outside a segment every 0xFF byte followed by
 * anything but 0x00 (a stuffed byte), a fill byte or a restart marker is a marker.
 */
export function jpegScanCount(bytes: Uint8Array): number {
  let scans = 0;
  for (let at = 2; at + 1 < bytes.length; at++) {
    if (bytes[at] !== 0xff) continue;
    const marker = bytes[at + 1]!;
    if (marker === 0x00 || marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8))
      continue;
    if (marker === 0xd9) break;
    if (marker === 0xda) scans++;
    // A segment's payload is skipped: it may hold 0xFF bytes that are not markers.
    if (at + 3 < bytes.length) at += 1 + u16be(bytes, at + 2);
  }
  return scans;
}

/**
 * Every frame of a GIF (image descriptors), with where it sits on the screen; null when the
 * blocks cannot be walked. Stops after `limit` frames (the caller refuses that many).
 */
export function gifFrames(
  bytes: Uint8Array,
  limit = MAX_GIF_FRAMES + 1,
): (Size & { left: number; top: number })[] | null {
  const u16le = (at: number) => bytes[at]! | (bytes[at + 1]! << 8);
  if (bytes.length < 13) return null;
  const colourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  let at = 13 + colourTable(bytes[10]!);
  // Sub-blocks: a length byte, that many bytes, until a zero length.
  const skipSubBlocks = () => {
    while (at < bytes.length && bytes[at] !== 0) at += 1 + bytes[at]!;
    at += 1;
  };
  const frames: (Size & { left: number; top: number })[] = [];
  while (at < bytes.length && frames.length < limit) {
    const block = bytes[at]!;
    if (block === 0x3b) return frames; // trailer
    if (block === 0x21) {
      at += 2; // extension introducer and label
      skipSubBlocks();
    } else if (block === 0x2c) {
      if (at + 10 > bytes.length) return null;
      frames.push({
        left: u16le(at + 1),
        top: u16le(at + 3),
        width: u16le(at + 5),
        height: u16le(at + 7),
      });
      at += 10 + colourTable(bytes[at + 9]!) + 1; // descriptor, local colour table, LZW code size
      skipSubBlocks();
    } else return null;
  }
  return frames;
}

/**
 * Why a photo may not be decoded, from its headers alone, or null when it may: a size it does
 * not declare, more than MAX_IMAGE_PIXELS (the screen of a GIF and each of its frames, which
 * must lie on the screen), a JPEG of more than MAX_JPEG_SCANS scans, a GIF of more than
 * MAX_GIF_FRAMES frames. Runs in time linear in the file's length, whatever it declares.
 */
export function imageWorkProblem(
  bytes: Uint8Array,
  container: 'jpeg' | 'png' | 'gif',
): string | null {
  const size = declaredImageSize(bytes, container);
  if (!size || size.width < 1 || size.height < 1) return DAMAGED;
  if (size.width * size.height > MAX_IMAGE_PIXELS) return imageTooLarge(size);
  if (container === 'jpeg') {
    const scans = jpegScanCount(bytes);
    if (scans > MAX_JPEG_SCANS)
      return `The photo is written in ${scans} scans: at most ${MAX_JPEG_SCANS} can be processed.`;
  }
  if (container === 'gif') {
    const frames = gifFrames(bytes);
    if (!frames || frames.length === 0)
      return 'The GIF’s frames cannot be read: the file is damaged.';
    if (frames.length > MAX_GIF_FRAMES)
      return `The GIF has more than ${MAX_GIF_FRAMES} frames: send a shorter one.`;
    for (const frame of frames) {
      if (frame.width * frame.height > MAX_IMAGE_PIXELS) return imageTooLarge(frame);
      if (frame.left + frame.width > size.width || frame.top + frame.height > size.height)
        return `The GIF has a ${frame.width} × ${frame.height} frame outside its ${size.width} × ${size.height} screen: the file is damaged.`;
    }
  }
  return null;
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
