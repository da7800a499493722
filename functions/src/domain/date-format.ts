/**
 * Formats dates with the tokens of the model's DATE_FORMAT (`MMM DD YYYY hh:mm:ss A`) in a given
 * IANA time zone, without a date library: Intl gives the parts, the pattern arranges them.
 */
const TOKEN = /MMM|YYYY|DD|hh|mm|ss|A/g;

export function formatDate(date: Date, pattern: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: true,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const values: Record<string, string> = {
    MMM: part('month'),
    YYYY: part('year'),
    DD: part('day'),
    hh: part('hour').padStart(2, '0'),
    mm: part('minute'),
    ss: part('second'),
    A: part('dayPeriod').toUpperCase(),
  };
  return pattern.replace(TOKEN, (token) => values[token] ?? token);
}

/** Time zone of dates written into notification texts and accomplishment snapshots. */
export function displayTimeZone(env: NodeJS.ProcessEnv = process.env): string {
  const zone = env.DISPLAY_TIME_ZONE?.trim();
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Parses a scheduled date: ISO 8601 date or date-time (offset optional; without one the time is
 * UTC, the functions' zone). Returns null for anything else, including impossible calendar dates
 * such as 2026-02-30 that `Date.parse` would silently roll over.
 */
export function parseScheduledDate(value: string): Date | null {
  const match = ISO_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', offset] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  if (offset && offset !== 'Z') {
    const [oh, om] = [Number(offset.slice(1, 3)), Number(offset.slice(-2))];
    if (oh > 23 || om > 59) return null;
  }
  const normalised = value.trim().replace(' ', 'T');
  const withZone = match[4] !== undefined && !offset ? `${normalised}Z` : normalised;
  const ms = Date.parse(withZone);
  return Number.isNaN(ms) ? null : new Date(ms);
}
