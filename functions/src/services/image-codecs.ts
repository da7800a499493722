import type { MediaContainer } from '../domain/media-content';
import { MAX_IMAGE_PIXELS, imageWorkProblem } from '../domain/image-headers';
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
 * Width, height and pixels, nothing else: jpeg-js's decoded object also carries the EXIF block
 * (`exifBuffer`) and comments, which its encoder writes back into any JPEG made from that object.
 * What is known safe is kept, rather than what is known dangerous removed.
 */
const pixelsOnly = ({ width, height, data }: Rgba): Rgba => ({ width, height, data });

/**
 * The photo's pixels as stored (EXIF orientation not applied). A WebP is refused: no decoder
 * small enough for the install is here. What the headers declare (sizes, frames, scans) is
 * bounded before the decoder runs (imageWorkProblem).
 */
export async function decodeImage(bytes: Buffer, container: MediaContainer): Promise<Rgba> {
  if (container === 'webp')
    throw new UnreadableImage('WebP photos cannot be processed here: send it as JPEG or PNG.');
  if (container !== 'jpeg' && container !== 'png' && container !== 'gif')
    throw new UnreadableImage('The file is not a photo.');
  const problem = imageWorkProblem(bytes, container);
  if (problem) throw new UnreadableImage(problem);
  try {
    return await decodePixels(bytes, container);
  } catch (error) {
    // Whatever a codec throws on these bytes is a verdict on the file, not a failed run.
    throw new UnreadableImage(
      String(error).includes('maxMemoryUsageInMB')
        ? `The photo needs more than ${JPEG_DECODE_MEGABYTES} MB to decode: send a smaller one.`
        : 'The file could not be read as the image it claims to be.',
    );
  }
}

async function decodePixels(bytes: Buffer, container: 'jpeg' | 'png' | 'gif'): Promise<Rgba> {
  if (container === 'jpeg') {
    const { decode } = await import('jpeg-js');
    return pixelsOnly(
      decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: MAX_IMAGE_PIXELS / 1_000_000,
        maxMemoryUsageInMB: JPEG_DECODE_MEGABYTES,
      }),
    );
  }
  if (container === 'png') {
    const { PNG } = await import('pngjs');
    return pixelsOnly(PNG.sync.read(bytes));
  }
  // A GIF is shown as its first frame, drawn on its logical screen (uncovered pixels transparent).
  const { GifReader } = await import('omggif');
  const gif = new GifReader(bytes);
  const data = new Uint8Array(gif.width * gif.height * 4);
  gif.decodeAndBlitFrameRGBA(0, data);
  return { width: gif.width, height: gif.height, data };
}

/**
 * A JPEG of `image` (opaque: flatten it first) at `quality` (1–100). The encoder is given pixels
 * only, so it writes no EXIF, comment, XMP or ICC data whatever object `image` is.
 */
export async function encodeJpeg(image: Rgba, quality: number): Promise<Buffer> {
  const { encode } = await import('jpeg-js');
  return encode(pixelsOnly(image), quality).data;
}
