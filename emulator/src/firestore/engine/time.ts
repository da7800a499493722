import { invalid } from './errors.js';

/**
 * Times inside the engine are microseconds since the epoch (exact in a double until year 2255).
 * Timestamps in stored values have microseconds (query operands keep nanoseconds); all use one
 * fixed-width RFC 3339 form (nine fraction digits), so comparing two is a string comparison.
 */

const TS_RE =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/i;
const MIN_SECONDS = -62135596800; // 0001-01-01T00:00:00Z
const MAX_SECONDS = 253402300799; // 9999-12-31T23:59:59Z

export interface SecondsNanos {
  seconds: number;
  nanos: number;
}

export function parseTimestamp(text: unknown, what: string): SecondsNanos {
  if (typeof text === 'object' && text !== null && ('seconds' in text || 'nanos' in text)) {
    // Accept the message form too ({seconds, nanos}), which some transports hand over as is.
    const o = text as { seconds?: unknown; nanos?: unknown };
    const seconds = Number(o.seconds ?? 0);
    const nanos = Number(o.nanos ?? 0);
    if (
      !Number.isInteger(seconds) ||
      !Number.isInteger(nanos) ||
      nanos < 0 ||
      nanos > 999_999_999
    ) {
      throw invalid(`${what}: invalid timestamp`);
    }
    return checkRange({ seconds, nanos }, what);
  }
  if (typeof text !== 'string') throw invalid(`${what}: timestamp must be an RFC 3339 string`);
  const m = TS_RE.exec(text);
  if (!m) throw invalid(`${what}: invalid timestamp '${text}'`);
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  // setUTCFullYear, unlike Date.UTC, does not map years 0..99 to 1900..1999.
  const date = new Date(0);
  date.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  if (
    date.getUTCMonth() !== Number(mo) - 1 ||
    date.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  ) {
    throw invalid(`${what}: invalid timestamp '${text}'`);
  }
  let seconds = date.getTime() / 1000 + Number(h) * 3600 + Number(mi) * 60 + Number(s);
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    seconds -= sign * (Number(zone.slice(1, 3)) * 3600 + Number(zone.slice(4, 6)) * 60);
  }
  const nanos = frac ? Number(frac.padEnd(9, '0')) : 0;
  return checkRange({ seconds, nanos }, what);
}

function checkRange(t: SecondsNanos, what: string): SecondsNanos {
  if (t.seconds < MIN_SECONDS || t.seconds > MAX_SECONDS)
    throw invalid(`${what}: timestamp out of range`);
  return t;
}

/** Canonical stored form: `YYYY-MM-DDTHH:MM:SS.nnnnnnnnnZ`. */
export function formatTimestamp(t: SecondsNanos): string {
  return `${new Date(t.seconds * 1000).toISOString().slice(0, 19)}.${String(t.nanos).padStart(9, '0')}Z`;
}

/** `micros` truncates to microseconds, the precision Firestore stores timestamp values with. */
export function canonicalTimestamp(
  text: unknown,
  what: string,
  precision: 'nanos' | 'micros' = 'nanos',
): string {
  const t = parseTimestamp(text, what);
  if (precision === 'micros') t.nanos -= t.nanos % 1000;
  return formatTimestamp(t);
}

export function microsToTimestamp(micros: number): string {
  const seconds = Math.floor(micros / 1_000_000);
  return formatTimestamp({ seconds, nanos: (micros - seconds * 1_000_000) * 1000 });
}

/** The latest engine time (micros) not after the given timestamp. */
export function timestampToMicros(text: unknown, what: string): number {
  const t = parseTimestamp(text, what);
  return t.seconds * 1_000_000 + Math.floor(t.nanos / 1000);
}

/** Hands out strictly increasing commit times and read times never behind a commit. */
export class Clock {
  private last = 0;
  /** A new commit time, strictly after every time handed out before. */
  commitTime(): number {
    this.last = Math.max(nowMicros(), this.last + 1);
    return this.last;
  }
  /** A read time: after every commit so far; the next commit gets a later time. */
  readTime(): number {
    this.last = Math.max(nowMicros(), this.last);
    return this.last;
  }
}

/** Wall-clock microseconds (Date.now() has only milliseconds; the official emulator has micros). */
function nowMicros(): number {
  return Math.floor((performance.timeOrigin + performance.now()) * 1000);
}
