import { invalidArgument } from './errors.js';

/** google.protobuf.Timestamp's valid range: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z. */
const MIN_SECONDS = -62135596800;
const MAX_SECONDS = 253402300799;

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

export interface Seconds {
  readonly seconds: number;
  readonly nanos: number;
}

/**
 * Documents carry the same few timestamps over and over (commit and read times), so parsed and
 * formatted values are memoised; the caches are emptied when they grow large.
 */
const CACHE_LIMIT = 10_000;
const parsed = new Map<string, Seconds>();
const formattedSeconds = new Map<number, string>();

/** Parses an RFC 3339 timestamp (any offset, up to nanoseconds); throws INVALID_ARGUMENT. */
export function parseTimestamp(text: string, where = 'timestamp'): Seconds {
  const cached = parsed.get(text);
  if (cached) return cached;
  const result = parseUncached(text, where);
  if (parsed.size >= CACHE_LIMIT) parsed.clear();
  parsed.set(text, result);
  return result;
}

function parseUncached(text: string, where: string): Seconds {
  const m = RFC3339.exec(text);
  if (!m)
    throw invalidArgument(`Invalid value at '${where}': "${text}" is not an RFC 3339 timestamp.`);
  const [, y, mo, d, h, mi, s, frac, , sign, oh, om] = m;
  const date = new Date(0);
  date.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  date.setUTCHours(Number(h), Number(mi), Number(s), 0);
  const valid =
    date.getUTCFullYear() === Number(y) &&
    date.getUTCMonth() === Number(mo) - 1 &&
    date.getUTCDate() === Number(d) &&
    Number(h) < 24 &&
    Number(mi) < 60 &&
    Number(s) < 60;
  if (!valid)
    throw invalidArgument(`Invalid value at '${where}': "${text}" is not a valid date-time.`);
  let seconds = Math.floor(date.getTime() / 1000);
  if (sign) seconds -= (sign === '-' ? -1 : 1) * (Number(oh) * 3600 + Number(om) * 60);
  if (seconds < MIN_SECONDS || seconds > MAX_SECONDS) {
    throw invalidArgument(`Invalid value at '${where}': "${text}" is outside the timestamp range.`);
  }
  return { seconds, nanos: frac ? Number(frac.padEnd(9, '0')) : 0 };
}

/** Formats like Google does: `Z`, and 0, 3, 6 or 9 fraction digits. */
export function formatTimestamp(seconds: number, nanos: number): string {
  let base = formattedSeconds.get(seconds);
  if (base === undefined) {
    base = new Date(seconds * 1000).toISOString().slice(0, 19);
    if (formattedSeconds.size >= CACHE_LIMIT) formattedSeconds.clear();
    formattedSeconds.set(seconds, base);
  }
  if (!nanos) return `${base}Z`;
  let frac = String(nanos).padStart(9, '0');
  if (frac.endsWith('000000')) frac = frac.slice(0, 3);
  else if (frac.endsWith('000')) frac = frac.slice(0, 6);
  return `${base}.${frac}Z`;
}
