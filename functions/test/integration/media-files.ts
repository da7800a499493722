/**
 * Media files made in the tests: a JPEG carrying EXIF GPS (photo-with-gps.ts), flat PNG and GIF
 * photos with transparency, recordings with their location in every place their container allows,
 * the decompression bombs, and an MP4 box walker of the tests’ own.
 */
import { GifWriter } from 'omggif';
import { PNG } from 'pngjs';

export { PHOTO_PLACE, jpegWithGps } from './photo-with-gps';

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

/** An XMP packet saying where a recording was made, as cameras embed it. */
const xmp = (place: string) =>
  Buffer.from(
    `<?xpacket begin=""?><x:xmpmeta><rdf:Description exif:GPSLatitude="${place}"/></x:xmpmeta><?xpacket end="w"?>`,
  );

/**
 * A playable-looking MP4 (or M4A, or QuickTime with `brand` "qt  ") with its location in every
 * place the format allows: `©xyz` in moov's and the track's `udta`, Apple's ISO 6709 key in
 * `meta`, XMP in `uuid` boxes (in moov and at the top), a dashcam's top-level `gps ` box, the
 * handler's free-text name, a GPMF telemetry track (handler `meta`, samples "GPS5…") and a text
 * track whose samples are the place, and bytes in `mdat` no track refers to. The kept track
 * (`handler` vide or soun) has two samples, `PLAYED_SAMPLES`, whose bytes must stay in place.
 */
export function mp4WithLocationEverywhere(handler: 'vide' | 'soun' = 'vide', brand = 'isom') {
  const place = Buffer.from(VIDEO_PLACE);
  const samples = {
    played: [Buffer.alloc(300, 0x11), Buffer.alloc(200, 0x22)],
    gps: Buffer.concat([Buffer.from('GPS5'), place, Buffer.alloc(40, 0x33)]),
    text: Buffer.concat([Buffer.from([0, place.length]), place]),
    loose: Buffer.concat([Buffer.from('unreferenced '), place]),
  };
  const full = (type: string, ...children: Buffer[]) => box(type, Buffer.alloc(4), ...children);
  const u32s = (...values: number[]) => {
    const b = Buffer.alloc(values.length * 4);
    values.forEach((v, i) => b.writeUInt32BE(v, i * 4));
    return b;
  };
  const track = (kind: string, sizes: number[], offsets: number[]) =>
    box(
      'trak',
      full('tkhd', Buffer.alloc(80)),
      box('udta', box('\xa9xyz', Buffer.from([0, place.length, 0x15, 0xc7]), place)),
      box(
        'mdia',
        full('mdhd', Buffer.alloc(20)),
        full('hdlr', Buffer.alloc(4), Buffer.from(kind), Buffer.alloc(12), place, Buffer.alloc(1)),
        box(
          'minf',
          full(kind === 'vide' ? 'vmhd' : kind === 'soun' ? 'smhd' : 'nmhd', Buffer.alloc(8)),
          box('dinf', full('dref', u32s(1), full('url ', Buffer.alloc(0)))),
          box(
            'stbl',
            full('stsd', u32s(1), box(kind === 'meta' ? 'gpmd' : 'avc1', Buffer.alloc(16))),
            full('stts', u32s(1, sizes.length, 1000)),
            full('stsc', u32s(1, 1, 1, 1)),
            full('stsz', u32s(0, sizes.length, ...sizes)),
            full('stco', u32s(offsets.length, ...offsets)),
          ),
        ),
      ),
    );
  const ftyp = box('ftyp', Buffer.from(`${brand}\0\0\x02\0isomiso2mp41`, 'latin1'));
  const top = box('gps ', Buffer.from('dashcam '), place);
  const mdatBody = Buffer.concat([
    samples.played[0]!,
    samples.gps,
    samples.text,
    samples.loose,
    samples.played[1]!,
  ]);
  const moovWith = (base: number) => {
    const at = (i: number) =>
      base + [0, 300, 300 + samples.gps.length, 0, mdatBody.length - 200][i]!;
    return box(
      'moov',
      full('mvhd', Buffer.alloc(96)),
      track(handler, [300, 200], [at(0), at(4)]),
      track('meta', [samples.gps.length], [at(1)]),
      track('text', [samples.text.length], [at(2)]),
      box('udta', box('\xa9xyz', Buffer.from([0, place.length, 0x15, 0xc7]), place)),
      full(
        'meta',
        full('hdlr', Buffer.alloc(4), Buffer.from('mdta'), Buffer.alloc(13)),
        full('keys', u32s(1), box('mdta', Buffer.from('com.apple.quicktime.location.ISO6709'))),
        box('ilst', box('\0\0\0\x01', box('data', u32s(1, 0), place))),
      ),
      box('uuid', Buffer.alloc(16, 0xbe), xmp(VIDEO_PLACE)),
    );
  };
  // The offsets depend on where mdat starts, which depends on moov's length (not on the offsets).
  const head = (moov: Buffer) =>
    Buffer.concat([ftyp, top, moov, box('uuid', Buffer.alloc(16, 0xef), xmp(VIDEO_PLACE))]);
  const base = head(moovWith(0)).length + 8;
  const file = Buffer.concat([head(moovWith(base)), box('mdat', mdatBody)]);
  return { file, played: [base, base + mdatBody.length - 200], samples };
}

/**
 * A WAV with its location in every chunk a recorder may write: LIST/INFO (ICMT), bext, iXML,
 * XMP (_PMX) and an ID3 chunk, around its fmt and data chunks.
 */
export function wavWithLocationEverywhere() {
  const place = Buffer.from(VIDEO_PLACE);
  const chunk = (id: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.write(id, 0, 'latin1');
    head.writeUInt32LE(body.length, 4);
    return Buffer.concat([head, body, Buffer.alloc(body.length % 2)]);
  };
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0); // PCM
  fmt.writeUInt16LE(1, 2); // mono
  fmt.writeUInt32LE(8000, 4);
  fmt.writeUInt32LE(16000, 8);
  fmt.writeUInt16LE(2, 12);
  fmt.writeUInt16LE(16, 14);
  const data = Buffer.alloc(800, 0x10);
  const body = Buffer.concat([
    Buffer.from('WAVE'),
    chunk('fmt ', fmt),
    chunk('LIST', Buffer.concat([Buffer.from('INFO'), chunk('ICMT', place)])),
    chunk('bext', Buffer.concat([Buffer.alloc(256), place])),
    chunk('iXML', Buffer.concat([Buffer.from('<BWFXML><LOCATION>'), place])),
    chunk('data', data),
    chunk('_PMX', xmp(VIDEO_PLACE)),
    chunk('id3 ', Buffer.concat([Buffer.from('ID3\x03\0\0\0\0\0\x20TXXX'), place])),
  ]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return { file: Buffer.concat([riff, body]), data };
}

/** Recordings in containers the server makes no copy of, their tags holding the place. */
export const uncopiedRecordings = () => [
  {
    type: 'video/webm',
    // EBML header, then a Segment whose Tags hold the place.
    bytes: Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x82, 0x81, 0x77]),
      Buffer.from('webm TAG LOCATION '),
      Buffer.from(VIDEO_PLACE),
    ]),
  },
  {
    type: 'audio/ogg',
    bytes: Buffer.concat([
      Buffer.from('OggS\0\x02'),
      Buffer.alloc(20),
      Buffer.from('LOCATION=' + VIDEO_PLACE),
    ]),
  },
  {
    type: 'audio/mpeg',
    bytes: Buffer.concat([Buffer.from('ID3\x03\0\0\0\0\0\x20TXXX'), Buffer.from(VIDEO_PLACE)]),
  },
];

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

/** A box as the tests' own walker sees it: its path of types from the top, where it lies. */
export interface WalkedBox {
  path: string;
  type: string;
  start: number;
  body: number;
  end: number;
}

/** Boxes whose payload is boxes (after `skip` bytes: version and flags, entry counts). */
const WALKED: Record<string, number> = {
  moov: 0,
  trak: 0,
  mdia: 0,
  minf: 0,
  dinf: 0,
  stbl: 0,
  edts: 0,
  udta: 0,
  meta: 4,
  ilst: 0,
  dref: 8,
  stsd: 8,
};

/**
 * Every box of an MP4/QuickTime file, walked independently of the product's code (the tests'
 * "independent reader"): 32- and 64-bit sizes, containers listed above, throws on a box that
 * does not fit.
 */
export function walkBoxes(bytes: Buffer, start = 0, end = bytes.length, path = ''): WalkedBox[] {
  const found: WalkedBox[] = [];
  for (let at = start; at < end;) {
    let size = bytes.readUInt32BE(at);
    let body = at + 8;
    if (size === 1) {
      size = Number(bytes.readBigUInt64BE(at + 8));
      body = at + 16;
    } else if (size === 0) size = end - at;
    if (size < 8 || at + size > end) throw new Error(`box at ${at} does not fit`);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const here = { path: `${path}/${type}`, type, start: at, body, end: at + size };
    found.push(here);
    if (type in WALKED) found.push(...walkBoxes(bytes, body + WALKED[type]!, at + size, here.path));
    at += size;
  }
  return found;
}
