import {
  formatInZone,
  isTimeZone,
  fromDateTimeLocal,
  toDateTimeLocal as localValue,
  type TimestampLike,
} from '@campus-safety/model';
import { programmeTimeZone } from './institution';

export type DateInput = TimestampLike | Date | string | number | null | undefined;

/** The instant a stored or typed date names; null when missing. */
export function toDate(value: DateInput): Date | null {
  if (value == null) return null;
  if (value instanceof Date) return value;
  if (typeof value === 'string' || typeof value === 'number') return new Date(value);
  return value.toDate();
}

/**
 * Every date the console shows, in `MMM DD YYYY hh:mm:ss A` (docs/requirements.md#constants), in
 * the programme time zone; '—' when missing.
 */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  if (!date || Number.isNaN(date.getTime())) return '—';
  return formatInZone(date, programmeTimeZone());
}

/** The zone the browser runs in (the viewer's own); the programme zone when it cannot tell. */
export function viewerTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : programmeTimeZone();
}

/** `UTC+08:00`: the programme zone's offset at `at` (daylight saving moves it in some zones). */
export function utcOffset(zone: string, at: Date = new Date()): string {
  return `UTC${formatInZone(at, zone, 'Z')}`;
}

/** "Times in Asia/Manila (UTC+08:00)": what the console says about every time it shows. */
export function timeZoneLabel(at: Date = new Date()): string {
  const zone = programmeTimeZone();
  return `Times in ${zone} (${utcOffset(zone, at)})`;
}

/**
 * The same instant as the viewer's own clock reads it ("Mar 05 2026 09:07:09 AM America/New_York"),
 * or null when that reads the same as the programme zone (nothing to add).
 */
export function viewerTime(value: DateInput, viewerZone: string = viewerTimeZone()): string | null {
  const date = toDate(value);
  if (!date || Number.isNaN(date.getTime())) return null;
  const theirs = formatInZone(date, viewerZone);
  return theirs === formatInZone(date, programmeTimeZone()) ? null : `${theirs} ${viewerZone}`;
}

/** "1 h 05 min", "12 min", or '—' when there is no figure (no report has it yet). */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes == null || !Number.isFinite(minutes)) return '—';
  const rounded = Math.round(minutes);
  if (rounded < 60) return `${rounded} min`;
  const hours = Math.floor(rounded / 60);
  const rest = rounded % 60;
  return `${hours} h ${String(rest).padStart(2, '0')} min`;
}

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export { fullName } from '@campus-safety/model';

/** `YYYY-MM-DDTHH:mm` in the programme zone, for a datetime-local input. */
export function toDateTimeLocal(date: Date): string {
  return localValue(date, programmeTimeZone());
}

/** The instant a datetime-local value names in the programme zone; null when it names none. */
export function parseDateTimeLocal(value: string): Date | null {
  return fromDateTimeLocal(value, programmeTimeZone());
}

/** A count with its noun: "1 person", "1,234 people". */
export function formatCount(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
