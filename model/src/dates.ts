/**
 * Dates in the programme's time zone: every time the console shows, the notifications and the
 * accomplishment snapshots write, and the seed builds goes through these helpers (dayjs with its
 * utc and timezone plugins), so all of them agree on the zone and the pattern.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DATE_FORMAT } from './constants';
import deployment from './deployment.json';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The zone of the demo's campuses (Metro Manila, deployment.json): the default of the institution
 * profile's `timeZone` (institution.ts). What a deployment runs in is the saved profile, read live
 * by the console, the app and the functions (docs/settings.md#the-programme-time-zone).
 */
export const PROGRAMME_TIME_ZONE: string = deployment.programmeTimeZone;

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.trim() === '' || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function inZone(instant: Date | number, timeZone: string) {
  if (!isTimeZone(timeZone)) throw new RangeError(`Unknown time zone "${String(timeZone)}".`);
  return dayjs(instant).tz(timeZone);
}

/** `instant` written with `pattern` (default DATE_FORMAT, `MMM DD YYYY hh:mm:ss A`) in `timeZone`. */
export function formatInZone(
  instant: Date | number,
  timeZone: string,
  pattern: string = DATE_FORMAT,
): string {
  return inZone(instant, timeZone).format(pattern);
}

/** A datetime-local value: minutes, or seconds and milliseconds when the input's step asks. */
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/** `YYYY-MM-DDTHH:mm` of `instant` in `timeZone`: the value of a datetime-local input. */
export function toDateTimeLocal(instant: Date | number, timeZone: string): string {
  return formatInZone(instant, timeZone, 'YYYY-MM-DDTHH:mm');
}

/**
 * The instant a datetime-local value (`YYYY-MM-DDTHH:mm[:ss[.SSS]]`) names as wall time in
 * `timeZone`; null for anything else, including impossible dates such as 2026-02-30 and wall
 * times a daylight-saving jump skips.
 */
export function fromDateTimeLocal(value: string, timeZone: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return null;
  if (!isTimeZone(timeZone)) throw new RangeError(`Unknown time zone "${String(timeZone)}".`);
  const [, minutes, seconds = '00', fraction = ''] = match;
  const wallTime = `${minutes}:${seconds}`;
  const parsed = dayjs.tz(wallTime, timeZone);
  // dayjs rolls 2026-02-30 over to March; a round trip exposes it.
  if (!parsed.isValid() || parsed.format('YYYY-MM-DDTHH:mm:ss') !== wallTime) return null;
  return new Date(parsed.valueOf() + Number(fraction.padEnd(3, '0')));
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Parses a scheduled date: ISO 8601 date or date-time (offset optional; without one the time is
 * UTC, the functions' zone; the console always sends an offset). Returns null for anything else,
 * including impossible calendar dates such as 2026-02-30 that `Date.parse` would roll over.
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

/** A calendar day written `YYYY-MM-DD` that exists (birthdays). */
export function isIsoDay(value: string): boolean {
  return ISO_DAY.test(value) && parseScheduledDate(value) !== null;
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the calendar day `instant` falls on in `timeZone`: the aggregates' day key. */
export function dayInZone(instant: Date | number, timeZone: string): string {
  return formatInZone(instant, timeZone, 'YYYY-MM-DD');
}

/** The calendar day `days` after `day` (negative: before); both `YYYY-MM-DD`. */
export function addDays(day: string, days: number): string {
  if (!isIsoDay(day)) throw new RangeError(`Not a day: "${day}" (expected YYYY-MM-DD).`);
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (`to` − `from`; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  if (!isIsoDay(from) || !isIsoDay(to))
    throw new RangeError('daysBetween needs two YYYY-MM-DD days.');
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
