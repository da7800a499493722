/**
 * Pixel work for the copies of a photo (docs/media.md): fitting sizes, scaling down by area
 * averaging, flattening transparency over white and applying the EXIF orientation. Pure: the
 * codecs that read and write files live in services/image-codecs.ts.
 */

/** Decoded pixels: 4 bytes per pixel (red, green, blue, alpha), row after row. */
export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface Size {
  width: number;
  height: number;
}

/** The largest size within `box` with the image's aspect ratio; an image already inside stays. */
export function fitWithin(image: Size, box: Size): Size {
  const scale = Math.min(1, box.width / image.width, box.height / image.height);
  if (scale === 1) return { width: image.width, height: image.height };
  return {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
}

/** `width` wide (never wider than the image), its height in proportion. */
export function fitWidth(image: Size, width: number): Size {
  return fitWithin(image, { width, height: Number.POSITIVE_INFINITY });
}

/**
 * For each target position along one axis, the source pixels it covers and how much of each
 * (weights summing to 1): target pixel t covers [t·scale, (t+1)·scale) of the source.
 */
function coverage(source: number, target: number): { first: number; weights: number[] }[] {
  const scale = source / target;
  return Array.from({ length: target }, (_, t) => {
    const start = t * scale;
    const end = Math.min(source, (t + 1) * scale);
    const first = Math.floor(start);
    const weights: number[] = [];
    for (let s = first; s < end; s++)
      weights.push((Math.min(s + 1, end) - Math.max(s, start)) / scale);
    return { first, weights };
  });
}

/**
 * Scales `image` to `width`×`height` by area averaging: each target pixel is the mean of the
 * source pixels it covers, weighted by how much of each it covers (a box filter), so nothing is
 * skipped and a downscale does not alias. Rows are done one at a time: the memory it takes beyond
 * the result is a few rows.
 */
export function resizeByArea(image: Rgba, width: number, height: number): Rgba {
  if (width < 1 || height < 1 || !Number.isInteger(width) || !Number.isInteger(height))
    throw new RangeError(`Cannot scale to ${width}×${height}.`);
  const columns = coverage(image.width, width);
  const rows = coverage(image.height, height);
  const out = new Uint8Array(width * height * 4);
  const sourceRow = new Float64Array(width * 4);
  const sum = new Float64Array(width * 4);
  const stride = image.width * 4;
  for (let y = 0; y < height; y++) {
    const { first, weights } = rows[y]!;
    sum.fill(0);
    for (let k = 0; k < weights.length; k++) {
      // The source row scaled horizontally, then added with its share of this target row.
      const at = (first + k) * stride;
      for (let x = 0; x < width; x++) {
        const column = columns[x]!;
        let r = 0;
        let g = 0;
        let b = 0;
        let a = 0;
        for (let j = 0; j < column.weights.length; j++) {
          const w = column.weights[j]!;
          const p = at + (column.first + j) * 4;
          r += image.data[p]! * w;
          g += image.data[p + 1]! * w;
          b += image.data[p + 2]! * w;
          a += image.data[p + 3]! * w;
        }
        sourceRow[x * 4] = r;
        sourceRow[x * 4 + 1] = g;
        sourceRow[x * 4 + 2] = b;
        sourceRow[x * 4 + 3] = a;
      }
      const w = weights[k]!;
      for (let i = 0; i < sum.length; i++) sum[i]! += sourceRow[i]! * w;
    }
    const base = y * width * 4;
    for (let i = 0; i < sum.length; i++) out[base + i] = Math.round(sum[i]!);
  }
  return { width, height, data: out };
}

/** Blends every pixel over white and makes it opaque, in place (JPEG has no transparency). */
export function flattenOnWhite(image: Rgba): Rgba {
  const { data } = image;
  for (let p = 0; p < data.length; p += 4) {
    const alpha = data[p + 3]!;
    if (alpha === 255) continue;
    const white = 255 - alpha;
    for (let c = p; c < p + 3; c++) data[c] = Math.round((data[c]! * alpha + 255 * white) / 255);
    data[p + 3] = 255;
  }
  return image;
}

/** An EXIF orientation (1 to 8): how the stored pixels must be turned to be seen upright. */
export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** Orientations 5 to 8 turn the image a quarter: width and height trade places. */
export const swapsSides = (orientation: Orientation) => orientation > 4;

/**
 * The image as it is meant to be seen: `orientation` applied (2 mirror, 3 half turn, 4 flip,
 * 5 transpose, 6 quarter turn clockwise, 7 transverse, 8 quarter turn anticlockwise).
 */
export function orient(image: Rgba, orientation: Orientation): Rgba {
  if (orientation === 1) return image;
  const { width: w, height: h } = image;
  const swap = swapsSides(orientation);
  const width = swap ? h : w;
  const height = swap ? w : h;
  // Where the pixel shown at (x, y) is stored.
  const from: (x: number, y: number) => number = {
    2: (x: number, y: number) => y * w + (w - 1 - x),
    3: (x: number, y: number) => (h - 1 - y) * w + (w - 1 - x),
    4: (x: number, y: number) => (h - 1 - y) * w + x,
    5: (x: number, y: number) => x * w + y,
    6: (x: number, y: number) => (h - 1 - x) * w + y,
    7: (x: number, y: number) => (h - 1 - x) * w + (w - 1 - y),
    8: (x: number, y: number) => x * w + (w - 1 - y),
  }[orientation];
  // A pixel moves as one 32-bit word (a copy first if the bytes are not aligned for that).
  const bytes = image.data.byteOffset % 4 === 0 ? image.data : image.data.slice();
  const source = new Uint32Array(bytes.buffer, bytes.byteOffset, w * h);
  const target = new Uint32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) target[y * width + x] = source[from(x, y)]!;
  return { width, height, data: new Uint8Array(target.buffer) };
}

/** The image at `size` (itself when it is that size already). */
const scaledTo = (image: Rgba, size: Size) =>
  image.width === size.width && image.height === size.height
    ? image
    : resizeByArea(image, size.width, size.height);

/**
 * The two copies people see of a photo stored as `image` with `orientation`, upright: the display
 * copy within `displayEdge` on its longer side and the thumbnail `thumbWidth` wide (neither larger
 * than the photo). Both are scaled before they are turned, so the turn moves few pixels, and the
 * thumbnail is scaled from the display copy, which is already small.
 */
export function photoCopies(
  image: Rgba,
  orientation: Orientation,
  bounds: { displayEdge: number; thumbWidth: number },
): { display: Rgba; thumb: Rgba } {
  const swap = swapsSides(orientation);
  const stored = (size: Size): Size => (swap ? { width: size.height, height: size.width } : size);
  const upright = stored(image);
  const display = scaledTo(
    image,
    stored(fitWithin(upright, { width: bounds.displayEdge, height: bounds.displayEdge })),
  );
  const thumb = scaledTo(display, stored(fitWidth(upright, bounds.thumbWidth)));
  return { display: orient(display, orientation), thumb: orient(thumb, orientation) };
}
