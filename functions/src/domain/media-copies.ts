/**
 * The display copies of video and audio (docs/media.md#what-is-kept): no transcoder runs in the
 * functions, so a copy is the original's layout with only what is known to be needed to play kept,
 * byte for byte at the same offset, and everything else zeroed. Nothing is searched for and
 * removed: a box, chunk or byte nobody put on a list here never reaches the copy. Pure.
 */

/** A copy, or why none can be made (the file is then refused: its structure is unreadable). */
export type PlayableCopy = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));
const text = (value: string) => [...value].map((c) => c.charCodeAt(0));

class Unreadable extends Error {}

// --- MP4, M4A, QuickTime (ISO BMFF boxes) -------------------------------------------------

interface Box {
  type: string;
  start: number;
  /** Where the payload starts (after size, type and any 64-bit size). */
  body: number;
  end: number;
}

/** The boxes between `start` and `end`; throws Unreadable when one does not fit. */
function boxesIn(bytes: Uint8Array, start: number, end: number): Box[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: Box[] = [];
  let at = start;
  while (at < end) {
    if (at + 8 > end) throw new Unreadable();
    let size = view.getUint32(at);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > end) throw new Unreadable();
      size = Number(view.getBigUint64(at + 8));
      body = at + 16;
    } else if (size === 0) size = end - at;
    if (size < body - at || at + size > end) throw new Unreadable();
    found.push({ type: ascii(bytes, at + 4, at + 8), start: at, body, end: at + size });
    at += size;
  }
  return found;
}

/**
 * What a kept box is: `walk` (its children are boxes, each judged by the list), `keep` (its
 * payload is copied as it is: timing, sample tables, codec set-up) or `head` (only its first
 * `n` payload bytes). Keyed by parent type, then box type; a box not listed under its parent is
 * not kept. `hdlr` keeps its fixed fields and loses its free-text name.
 */
type Kept = 'walk' | 'keep' | { head: number };
const KEPT: Record<string, Record<string, Kept>> = {
  file: { ftyp: 'keep', moov: 'walk', mdat: 'keep' },
  moov: { mvhd: 'keep', trak: 'walk' },
  trak: { tkhd: 'keep', edts: 'walk', mdia: 'walk' },
  edts: { elst: 'keep' },
  mdia: { mdhd: 'keep', hdlr: { head: 24 }, minf: 'walk' },
  minf: { vmhd: 'keep', smhd: 'keep', hdlr: { head: 24 }, dinf: 'walk', stbl: 'walk' },
  dinf: { dref: 'keep' },
  stbl: {
    stsd: 'keep',
    stts: 'keep',
    ctts: 'keep',
    cslg: 'keep',
    stss: 'keep',
    stps: 'keep',
    sdtp: 'keep',
    stsc: 'keep',
    stsz: 'keep',
    stco: 'keep',
    co64: 'keep',
    sbgp: 'keep',
    sgpd: 'keep',
  },
};

/** Tracks kept: picture and sound. Timed metadata, text, telemetry (GPS) and the rest are not. */
const PLAYED_HANDLERS = new Set(['vide', 'soun']);

const child = (bytes: Uint8Array, box: Box, type: string) =>
  boxesIn(bytes, box.body, box.end).find((b) => b.type === type);

/** A track's handler type (`mdia/hdlr`), or null. */
function handlerOf(bytes: Uint8Array, trak: Box): string | null {
  const mdia = child(bytes, trak, 'mdia');
  const hdlr = mdia && child(bytes, mdia, 'hdlr');
  return hdlr && hdlr.body + 12 <= hdlr.end ? ascii(bytes, hdlr.body + 8, hdlr.body + 12) : null;
}

/**
 * Where a track's samples lie in the file, chunk by chunk ([from, to) ranges), from its sample
 * table: chunk offsets (stco/co64), samples per chunk (stsc), sample sizes (stsz). Work is linear
 * in the tables' length, whatever counts they declare.
 */
function sampleRanges(bytes: Uint8Array, trak: Box): [number, number][] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const stbl = ['mdia', 'minf', 'stbl'].reduce<Box | undefined>(
    (box, type) => box && child(bytes, box, type),
    trak,
  );
  if (!stbl) throw new Unreadable();
  const table = (type: string) => child(bytes, stbl, type);
  const entries = (box: Box, width: number) => {
    if (box.body + 8 > box.end) throw new Unreadable();
    const count = view.getUint32(box.body + 4);
    if (box.body + 8 + count * width > box.end) throw new Unreadable();
    return count;
  };
  const stco = table('stco');
  const co64 = table('co64');
  const stsc = table('stsc');
  const stsz = table('stsz');
  if (!(stco || co64) || !stsc || !stsz) throw new Unreadable();
  const chunkOffsets = stco
    ? Array.from({ length: entries(stco, 4) }, (_, i) => view.getUint32(stco.body + 8 + i * 4))
    : Array.from({ length: entries(co64!, 8) }, (_, i) =>
        Number(view.getBigUint64(co64!.body + 8 + i * 8)),
      );
  const runs = Array.from({ length: entries(stsc, 12) }, (_, i) => ({
    firstChunk: view.getUint32(stsc.body + 8 + i * 12),
    samples: view.getUint32(stsc.body + 8 + i * 12 + 4),
  }));
  if (stsz.body + 12 > stsz.end) throw new Unreadable();
  const constantSize = view.getUint32(stsz.body + 4);
  const sampleCount = view.getUint32(stsz.body + 8);
  if (constantSize === 0 && stsz.body + 12 + sampleCount * 4 > stsz.end) throw new Unreadable();
  const ranges: [number, number][] = [];
  let sample = 0;
  let run = 0;
  for (let chunk = 0; chunk < chunkOffsets.length && sample < sampleCount; chunk++) {
    while (run + 1 < runs.length && runs[run + 1]!.firstChunk <= chunk + 1) run++;
    const inChunk = Math.min(runs[run]?.samples ?? 0, sampleCount - sample);
    let length = 0;
    if (constantSize !== 0) length = inChunk * constantSize;
    else
      for (let i = 0; i < inChunk; i++) length += view.getUint32(stsz.body + 12 + (sample + i) * 4);
    ranges.push([chunkOffsets[chunk]!, chunkOffsets[chunk]! + length]);
    sample += inChunk;
  }
  return ranges;
}

/**
 * The MP4/M4A/QuickTime display copy: the boxes on the list (KEPT) at their offsets, each other
 * box turned into a `free` box of the same size with zeroed content (user data `udta` with
 * `©xyz`, `meta` with Apple's location keys, `uuid` XMP, a dashcam's `gps ` box, anything
 * unknown); tracks other than picture and sound dropped whole; and of `mdat`, only the bytes of
 * the kept tracks' samples (a telemetry track's GPS samples and any unreferenced bytes are
 * zeroed). Nothing moves, so the sample offsets stay valid and the copy plays as the original.
 * A fragmented file (`mvex`: samples described in `moof` boxes) gets no copy.
 */
export function mp4Copy(bytes: Uint8Array): PlayableCopy {
  try {
    const top = boxesIn(bytes, 0, bytes.length);
    const moov = top.find((b) => b.type === 'moov');
    if (!moov) throw new Unreadable();
    if (child(bytes, moov, 'mvex'))
      return { ok: false, reason: 'A fragmented video (a live recording) cannot be copied here.' };
    const out = new Uint8Array(bytes.length);
    const samples: [number, number][] = [];
    const mdats: Box[] = [];
    const write = (box: Box, parent: string) => {
      const kept = KEPT[parent]?.[box.type];
      const played = box.type !== 'trak' || PLAYED_HANDLERS.has(handlerOf(bytes, box) ?? '');
      if (!kept || !played) {
        // A free box of the same size: the size field as it was, the type "free", zeros.
        out.set(bytes.subarray(box.start, box.start + 4), box.start);
        out.set(text('free'), box.start + 4);
        if (box.body - box.start === 16)
          out.set(bytes.subarray(box.start + 8, box.body), box.start + 8);
        return;
      }
      out.set(bytes.subarray(box.start, box.body), box.start);
      if (box.type === 'mdat') mdats.push(box);
      else if (kept === 'walk') {
        if (box.type === 'trak') samples.push(...sampleRanges(bytes, box));
        for (const inner of boxesIn(bytes, box.body, box.end)) write(inner, box.type);
      } else if (kept === 'keep') out.set(bytes.subarray(box.body, box.end), box.body);
      else out.set(bytes.subarray(box.body, Math.min(box.end, box.body + kept.head)), box.body);
    };
    for (const box of top) write(box, 'file');
    // Sample bytes are copied only where they lie inside an mdat's payload.
    for (const mdat of mdats)
      for (const [from, to] of samples) {
        const start = Math.max(from, mdat.body);
        const end = Math.min(to, mdat.end);
        if (start < end) out.set(bytes.subarray(start, end), start);
      }
    return { ok: true, bytes: out };
  } catch (error) {
    if (error instanceof Unreadable || error instanceof RangeError)
      return { ok: false, reason: 'The recording could not be read as the file it claims to be.' };
    throw error;
  }
}

// --- WAV (RIFF chunks) ------------------------------------------------------------------------

/** Chunks a WAV needs to play; everything else (LIST/INFO, bext, iXML, XMP, id3) is not kept. */
const WAV_KEPT = new Set(['fmt ', 'fact', 'data']);

/**
 * The WAV display copy: the RIFF header and the `fmt `, `fact` and `data` chunks as they are;
 * every other chunk becomes a `JUNK` chunk (RIFF's padding) of the same size, zeroed.
 */
export function wavCopy(bytes: Uint8Array): PlayableCopy {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12) return { ok: false, reason: 'The recording is damaged.' };
  const out = new Uint8Array(bytes.length);
  out.set(bytes.subarray(0, 12));
  const end = Math.min(bytes.length, 8 + view.getUint32(4, true));
  for (let at = 12; at < end;) {
    if (at + 8 > end) return { ok: false, reason: 'The recording is damaged.' };
    const id = ascii(bytes, at, at + 4);
    // A recorder stopped mid-way leaves the data chunk's size unwritten: it runs to the end.
    const declared = view.getUint32(at + 4, true);
    const size = id === 'data' ? Math.min(declared, end - at - 8) : declared;
    const next = at + 8 + size + (size % 2);
    if (at + 8 + size > end) return { ok: false, reason: 'The recording is damaged.' };
    if (WAV_KEPT.has(id)) out.set(bytes.subarray(at, at + 8 + size), at);
    else {
      out.set(text('JUNK'), at);
      out.set(bytes.subarray(at + 4, at + 8), at + 4);
    }
    at = next;
  }
  return { ok: true, bytes: out };
}
