import assert from 'node:assert/strict';
import { encode } from 'jpeg-js';
import {
  MAX_IMAGE_PIXELS,
  declaredImageSize,
  jpegOrientation,
} from '../../src/domain/image-headers';
import {
  fitWidth,
  fitWithin,
  flattenOnWhite,
  orient,
  photoCopies,
  resizeByArea,
  type Orientation,
  type Rgba,
} from '../../src/domain/image-resize';
import { UnreadableImage, decodeImage, encodeJpeg } from '../../src/services/image-codecs';

/** An image whose pixel (x, y) is `paint(x, y)`. */
function image(width: number, height: number, paint: (x: number, y: number) => number[]): Rgba {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set(paint(x, y), (y * width + x) * 4);
  return { width, height, data };
}
const pixel = (img: Rgba, x: number, y: number) => [
  ...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4),
];

/** A JPEG APP1 segment holding only the Orientation tag, little-endian ("II") TIFF. */
function orientationExif(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(1, 8);
  tiff.writeUInt16LE(0x0112, 10);
  tiff.writeUInt16LE(3, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt16LE(orientation, 18);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}
const withExif = (jpeg: Buffer, app1: Buffer) =>
  Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);

describe('photo copies: sizes, area averaging, transparency, orientation', () => {
  it('fits sizes: within a box, to a width, never larger than the photo', () => {
    assert.deepEqual(fitWithin({ width: 4000, height: 3000 }, { width: 1600, height: 1600 }), {
      width: 1600,
      height: 1200,
    });
    assert.deepEqual(fitWithin({ width: 1000, height: 3000 }, { width: 1600, height: 1600 }), {
      width: 533,
      height: 1600,
    });
    assert.deepEqual(fitWithin({ width: 800, height: 600 }, { width: 1600, height: 1600 }), {
      width: 800,
      height: 600,
    });
    assert.deepEqual(fitWidth({ width: 2400, height: 1200 }, 320), { width: 320, height: 160 });
    assert.deepEqual(fitWidth({ width: 200, height: 900 }, 320), { width: 200, height: 900 });
    assert.deepEqual(fitWidth({ width: 5000, height: 2 }, 320), { width: 320, height: 1 });
  });

  it('scales a known image to the size asked; a flat colour stays flat', () => {
    const flat = image(7, 5, () => [200, 100, 50, 255]);
    const small = resizeByArea(flat, 3, 2);
    assert.deepEqual([small.width, small.height, small.data.length], [3, 2, 24]);
    for (let y = 0; y < 2; y++)
      for (let x = 0; x < 3; x++) assert.deepEqual(pixel(small, x, y), [200, 100, 50, 255]);
  });

  it('averages the area each target pixel covers: a 2×2 checker halves to its mean', () => {
    const checker = image(4, 4, (x, y) => ((x + y) % 2 ? [255, 255, 255, 255] : [0, 0, 0, 255]));
    const half = resizeByArea(checker, 2, 2);
    for (let y = 0; y < 2; y++)
      for (let x = 0; x < 2; x++) assert.deepEqual(pixel(half, x, y), [128, 128, 128, 255]);
    // 3 → 2 columns: the middle column is shared half and half.
    const row = image(3, 1, (x) => [[0, 90, 180][x]!, 0, 0, 255]);
    assert.deepEqual(
      [pixel(resizeByArea(row, 2, 1), 0, 0)[0], pixel(resizeByArea(row, 2, 1), 1, 0)[0]],
      [30, 150],
    );
    assert.throws(() => resizeByArea(row, 0, 1), RangeError);
  });

  it('flattens transparency over white', () => {
    const img = image(
      3,
      1,
      (x) =>
        [
          [0, 0, 0, 128],
          [255, 0, 0, 0],
          [10, 20, 30, 255],
        ][x]!,
    );
    flattenOnWhite(img);
    assert.deepEqual(pixel(img, 0, 0), [127, 127, 127, 255]);
    assert.deepEqual(pixel(img, 1, 0), [255, 255, 255, 255]);
    assert.deepEqual(pixel(img, 2, 0), [10, 20, 30, 255]);
  });

  it('turns each EXIF orientation upright', () => {
    // Stored 3×2, cells numbered 1..6 row by row; each orientation shows them as below, rows
    // separated by "/".
    const stored = image(3, 2, (x, y) => [y * 3 + x + 1, 0, 0, 255]);
    const shown = (o: Orientation) => {
      const img = orient(stored, o);
      const rows = [];
      for (let y = 0; y < img.height; y++)
        rows.push(Array.from({ length: img.width }, (_, x) => pixel(img, x, y)[0]).join(''));
      return rows.join('/');
    };
    const expected: Record<Orientation, string> = {
      1: '123/456',
      2: '321/654',
      3: '654/321',
      4: '456/123',
      5: '14/25/36',
      6: '41/52/63',
      7: '63/52/41',
      8: '36/25/14',
    };
    for (const [o, view] of Object.entries(expected))
      assert.equal(shown(Number(o) as Orientation), view, `orientation ${o}`);
  });

  it('makes the copies upright, the display within 1600 and the thumbnail 320 wide', () => {
    // Stored landscape 2400×1800, left half black; orientation 6 shows it portrait, top half black.
    const stored = image(2400, 1800, (x) => (x < 1200 ? [0, 0, 0, 255] : [255, 255, 255, 255]));
    const { display, thumb } = photoCopies(stored, 6, { displayEdge: 1600, thumbWidth: 320 });
    assert.deepEqual([display.width, display.height], [1200, 1600]);
    assert.deepEqual([thumb.width, thumb.height], [320, 427]);
    assert.deepEqual(pixel(thumb, 160, 10), [0, 0, 0, 255]);
    assert.deepEqual(pixel(thumb, 160, 420), [255, 255, 255, 255]);
    const small = photoCopies(
      image(100, 50, () => [1, 2, 3, 255]),
      1,
      {
        displayEdge: 1600,
        thumbWidth: 320,
      },
    );
    assert.deepEqual([small.display.width, small.thumb.width, small.thumb.height], [100, 100, 50]);
  });

  it('reads a photo’s size and orientation from its header', async () => {
    const jpeg = await encodeJpeg(
      image(40, 30, () => [9, 9, 9, 255]),
      80,
    );
    assert.deepEqual(declaredImageSize(jpeg, 'jpeg'), { width: 40, height: 30 });
    assert.equal(jpegOrientation(jpeg), 1, 'the encoder writes no EXIF');
    for (const o of [1, 3, 6, 8])
      assert.equal(jpegOrientation(withExif(jpeg, orientationExif(o))), o);
    assert.equal(jpegOrientation(withExif(jpeg, orientationExif(9))), 1, 'not an orientation');
    assert.equal(jpegOrientation(jpeg.subarray(0, 20)), 1);
    assert.equal(declaredImageSize(jpeg.subarray(0, 20), 'jpeg'), null);
    const png = Buffer.from('\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR\0\0\x01\x90\0\0\0\xc8', 'latin1');
    assert.deepEqual(declaredImageSize(png, 'png'), { width: 400, height: 200 });
    assert.equal(declaredImageSize(Buffer.from(png).fill(0x41, 12, 16), 'png'), null, 'no IHDR');
    const gif = Buffer.from('GIF89a\x90\x01\xc8\x00', 'latin1');
    assert.deepEqual(declaredImageSize(gif, 'gif'), { width: 400, height: 200 });
  });

  it('decodes a JPEG as stored and refuses WebP, a damaged header and too many pixels', async () => {
    const stored = image(16, 8, (x) => (x < 8 ? [0, 0, 0, 255] : [255, 255, 255, 255]));
    const jpeg = withExif(encode(stored, 90).data, orientationExif(6));
    const decoded = await decodeImage(jpeg, 'jpeg');
    assert.deepEqual([decoded.width, decoded.height], [16, 8]);
    assert.ok(pixel(decoded, 1, 4)[0]! < 20 && pixel(decoded, 14, 4)[0]! > 235);

    await assert.rejects(
      decodeImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '), 'webp'),
      (e) => e instanceof UnreadableImage && /WebP/.test(e.message),
    );
    await assert.rejects(
      decodeImage(jpeg.subarray(0, 10), 'jpeg'),
      (e) => e instanceof UnreadableImage && /damaged/.test(e.message),
    );
    // A JPEG whose frame header claims 10000 × 6000: refused before a pixel is decoded.
    const huge = Buffer.from(jpeg);
    const sof = huge.indexOf(Buffer.from([0xff, 0xc0]));
    huge.writeUInt16BE(6000, sof + 5);
    huge.writeUInt16BE(10000, sof + 7);
    assert.ok(10000 * 6000 > MAX_IMAGE_PIXELS);
    await assert.rejects(
      decodeImage(huge, 'jpeg'),
      (e) => e instanceof UnreadableImage && /10000 × 6000 pixels/.test(e.message),
    );
  });
});
