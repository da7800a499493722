/**
 * Media files made in the tests: a JPEG carrying EXIF GPS (a small TIFF writer: IFD0 pointing to
 * a GPS IFD with latitude and longitude), flat PNG and GIF photos with transparency, and an MP4
 * whose user data holds a `©xyz` location.
 */
import { encode } from 'jpeg-js';
import { GifWriter } from 'omggif';
import { PNG } from 'pngjs';

/** Where the photo says it was taken. */
export const PHOTO_PLACE = { latitude: 14.5, longitude: 121.25 };

function gpsExif(lat: number, lon: number): Buffer {
  const tiff = Buffer.alloc(128);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    tiff.writeUInt32BE(value, at + 8);
  };
  // IFD0: one entry, the GPS IFD pointer.
  tiff.writeUInt16BE(1, 8);
  entry(10, 0x8825, 4, 1, 26);
  tiff.writeUInt32BE(0, 22);
  // GPS IFD at 26: N/E refs (ASCII in the value field), lat/lon as 3 rationals each.
  tiff.writeUInt16BE(4, 26);
  entry(28, 0x0001, 2, 2, 0);
  tiff.write('N\0', 36, 'latin1');
  entry(40, 0x0002, 5, 3, 80);
  entry(52, 0x0003, 2, 2, 0);
  tiff.write('E\0', 60, 'latin1');
  entry(64, 0x0004, 5, 3, 104);
  tiff.writeUInt32BE(0, 76);
  const rationals = (at: number, degrees: number) => {
    const whole = Math.floor(degrees);
    const minutes = (degrees - whole) * 60;
    for (const [i, [n, d]] of [
      [whole, 1],
      [Math.floor(minutes), 1],
      [Math.round((minutes - Math.floor(minutes)) * 60 * 100), 100],
    ].entries()) {
      tiff.writeUInt32BE(n!, at + i * 8);
      tiff.writeUInt32BE(d!, at + i * 8 + 4);
    }
  };
  rationals(80, lat);
  rationals(104, lon);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

/** A `width`×`height` JPEG photo whose EXIF says it was taken at PHOTO_PLACE. */
export function jpegWithGps(width = 2400, height = 1200): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let p = 0; p < data.length; p += 4) data.set([0x33, 0x66, 0xcc, 0xff], p);
  const jpeg = encode({ width, height, data }, 70).data;
  // After SOI (FF D8): the EXIF segment comes first, as cameras write it.
  return Buffer.concat([
    jpeg.subarray(0, 2),
    gpsExif(PHOTO_PLACE.latitude, PHOTO_PLACE.longitude),
    jpeg.subarray(2),
  ]);
}

/** A `width`×`height` PNG of one colour, `[r, g, b, a]`. */
export function flatPng(width: number, height: number, rgba: number[]): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let p = 0; p < data.length; p += 4) data.set(rgba, p);
  return PNG.sync.write({ width, height, data });
}

/** A `width`×`height` GIF, one frame, every pixel transparent. */
export function transparentGif(width: number, height: number): Buffer {
  const buffer = new Uint8Array(1024 + width * height);
  const writer = new GifWriter(buffer, width, height, { palette: [0x000000, 0xffffff] });
  writer.addFrame(0, 0, width, height, new Uint8Array(width * height), { transparent: 0 });
  return Buffer.from(buffer.subarray(0, writer.end()));
}

const box = (type: string, ...children: Buffer[]) => {
  const body = Buffer.concat(children);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};

/** The ISO 6709 location a phone writes in `©xyz`. */
export const VIDEO_PLACE = '+14.5000+121.2500/';

/** A minimal MP4 layout: ftyp, moov with an mvhd stand-in and udta/©xyz, then mdat. */
export function mp4WithLocation(): Buffer {
  const xyz = Buffer.concat([
    Buffer.from([0, VIDEO_PLACE.length, 0x15, 0xc7]),
    Buffer.from(VIDEO_PLACE),
  ]);
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')),
    box('moov', box('mvhd', Buffer.alloc(100)), box('udta', box('\xa9xyz', xyz))),
    box('mdat', Buffer.alloc(4096, 0x42)),
  ]);
}

/**
 * A 35-byte GIF whose 1×1 screen holds one 65535×65535 frame (a decompression bomb: decoding it
 * walks 4.3 billion pixels). Its LZW data is 8 bytes of nothing much: the size alone is the bomb.
 */
export function gifBomb(): Buffer {
  const gif = Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([1, 0, 1, 0, 0, 0, 0]), // screen 1×1, no global colour table
    Buffer.from([0x2c, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0]), // a frame 65535×65535 at 0,0
    Buffer.from([2, 8, 0x84, 0, 0, 0, 0, 0, 0, 0]), // LZW minimum code size 2, 8 bytes
    Buffer.from([0, 0x3b]), // end of the frame's data, trailer
  ]);
  return gif;
}

/**
 * A progressive JPEG declaring an 8000×6000 (48 MP) frame followed by `scans` scans of almost no
 * data: each an end-of-band run over every block of a quarter-size component, so a decoder visits
 * 187,500 blocks per scan. 8,000 scans make a file of about 0.6 MB.
 */
export function jpegScanBomb(scans = 8000): Buffer {
  const segment = (marker: number, body: number[]) =>
    Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body]);
  const quant = segment(0xdb, [0, ...Array<number>(64).fill(1)]);
  // SOF2 (progressive), 8 bits, 6000 rows, 8000 columns; component 1 sampled 2×2, component 2
  // 1×1 (a quarter of the blocks), both with quantisation table 0.
  const frame = segment(0xc2, [8, 0x17, 0x70, 0x1f, 0x40, 2, 1, 0x22, 0, 2, 0x11, 0]);
  // An AC table with a single 1-bit code "0": symbol 0xE0, an end-of-band run of 2^14 or more.
  const acTable = segment(0xc4, [0x10, 1, ...Array<number>(15).fill(0), 0xe0]);
  // Each scan: component 2, spectral 1–63; 65 zero bytes of data, 34 runs of 16,384 blocks.
  const scan = Buffer.concat([segment(0xda, [1, 2, 0x00, 1, 63, 0]), Buffer.alloc(65)]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    quant,
    frame,
    acTable,
    ...Array<Buffer>(scans).fill(scan),
    Buffer.from([0xff, 0xd9]),
  ]);
}
