import type { MediaContainer } from '../domain/media-content';
import { MAX_IMAGE_PIXELS, declaredImageSize, imageTooLarge } from '../domain/image-headers';
import type { Rgba } from '../domain/image-resize';

/**
 * Reading and writing photos with small pure-JavaScript codecs (docs/media.md): jpeg-js, pngjs and
 * omggif. Each is loaded when a photo is first processed, not when the functions start, so no
 * other function's cold start pays for it.
 */

/** A photo the server cannot make copies of; the message is the reason people are shown. */
export class UnreadableImage extends Error {}

/** jpeg-js's own bound on what one decode may allocate (its default). */
const JPEG_DECODE_MEGABYTES = 512;

/**
 * The photo's pixels as stored (EXIF orientation not applied). A WebP is refused: no decoder
 * small enough for the install is here. The size the header declares is checked against
 * MAX_IMAGE_PIXELS before any pixel memory is taken.
 */
export async function decodeImage(bytes: Buffer, container: MediaContainer): Promise<Rgba> {
  if (container === 'webp')
    throw new UnreadableImage('WebP photos cannot be processed here: send it as JPEG or PNG.');
  if (container !== 'jpeg' && container !== 'png' && container !== 'gif')
    throw new UnreadableImage('The file is not a photo.');
  const size = declaredImageSize(bytes, container);
  if (!size || size.width < 1 || size.height < 1)
    throw new UnreadableImage('The photo’s header gives no size: the file is damaged.');
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw new UnreadableImage(imageTooLarge(size));

  if (container === 'jpeg') {
    const { decode } = await import('jpeg-js');
    try {
      return decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: MAX_IMAGE_PIXELS / 1_000_000,
        maxMemoryUsageInMB: JPEG_DECODE_MEGABYTES,
      });
    } catch (error) {
      if (String(error).includes('maxMemoryUsageInMB'))
        throw new UnreadableImage(
          `The photo needs more than ${JPEG_DECODE_MEGABYTES} MB to decode: send a smaller one.`,
        );
      throw error;
    }
  }
  if (container === 'png') {
    const { PNG } = await import('pngjs');
    return PNG.sync.read(bytes);
  }
  // A GIF is shown as its first frame, drawn on its logical screen (uncovered pixels transparent).
  const { GifReader } = await import('omggif');
  const gif = new GifReader(bytes);
  const data = new Uint8Array(gif.width * gif.height * 4);
  gif.decodeAndBlitFrameRGBA(0, data);
  return { width: gif.width, height: gif.height, data };
}

/**
 * A JPEG of `image` (opaque: flatten it first) at `quality` (1–100). The encoder writes pixels
 * only: no EXIF, XMP or ICC data.
 */
export async function encodeJpeg(image: Rgba, quality: number): Promise<Buffer> {
  const { encode } = await import('jpeg-js');
  return encode(image, quality).data;
}
