/**
 * The daily crime log (34 CFR 668.46(f)): one entry per report, open or closed, with the date and
 * time reported, the date and time occurred (or unknown), the general location, the nature and the
 * disposition. An entry is due within two business days of the report (the holidays of the
 * calendar are not business days); the console flags the ones past it without a classification,
 * and the ones whose case closed while the disposition still says open. The print view lists the
 * crimes that are not withheld.
 */
import dayjs from 'dayjs';
import { z } from '../zod-config';
import '../dates';
import { COLLECTIONS } from '../collections';
import { CLOSED_STATUSES, OPEN_DISPOSITION, type CleryRecord, type WithholdReason } from './record';
import type { TimestampLike } from '../entities';

/** The log opens on the most recent 60 days (the span 668.46(f)(5) requires open inspection of). */
export const CRIME_LOG_DAYS = 60;
/** The windows the crime and fire logs offer, in days. */
export const LOG_WINDOWS_DAYS = [30, CRIME_LOG_DAYS, 90, 180, 365] as const;
/** Business days after the report within which its entry is due (668.46(f)(2)). */
export const CRIME_LOG_BUSINESS_DAYS = 2;

/**
 * `settings/clery_calendar`: the institution's holidays, which are not business days. Admins edit
 * it in the console; the rules check its shape (docs/clery.md#holidays).
 */
export const CLERY_CALENDAR = { collection: COLLECTIONS.settings, id: 'clery_calendar' } as const;
/** How many holidays the calendar holds: a few years of a campus's closures. */
export const MAX_HOLIDAYS = 100;
const HOLIDAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

/** Why a list of holidays (`YYYY-MM-DD`, programme zone) cannot be saved, or null. */
export function holidaysProblem(holidays: readonly string[]): string | null {
  if (holidays.length > MAX_HOLIDAYS) return `At most ${MAX_HOLIDAYS} holidays.`;
  for (const day of holidays) {
    // A date that does not exist (2026-02-30) rolls over when parsed, so it reads back different.
    if (!HOLIDAY_FORMAT.test(day) || dayjs.utc(day).format('YYYY-MM-DD') !== day)
      return `“${day}” is not a date (YYYY-MM-DD).`;
  }
  if (new Set(holidays).size !== holidays.length) return 'A holiday is listed twice.';
  return null;
}

/** `saveCleryCalendar`: the whole list of holidays, replacing the one saved. */
export const saveCleryCalendarSchema = z.strictObject({
  holidays: z
    .array(z.string({ error: 'A holiday is a date (YYYY-MM-DD).' }))
    .superRefine((holidays, context) => {
      const problem = holidaysProblem(holidays);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
});

/** The calendar's holidays as stored; a missing document or a malformed field has none. */
export function readHolidays(data: unknown): string[] {
  const list = (data as { holidays?: unknown } | null | undefined)?.holidays;
  return Array.isArray(list) ? list.filter((d): d is string => typeof d === 'string') : [];
}

/**
 * The end of the CRIME_LOG_BUSINESS_DAYS-th business day (Monday to Friday and not one of
 * `holidays`, in `timeZone`) after the day of `reportedAt`: an entry with no classification after
 * it is overdue.
 */
export function classificationDueBy(
  reportedAt: number,
  timeZone: string,
  holidays: ReadonlySet<string> = new Set(),
): number {
  let day = dayjs(reportedAt).tz(timeZone).startOf('day');
  let counted = 0;
  while (counted < CRIME_LOG_BUSINESS_DAYS) {
    day = day.add(1, 'day');
    const weekday = day.day() !== 0 && day.day() !== 6;
    if (weekday && !holidays.has(day.format('YYYY-MM-DD'))) counted += 1;
  }
  return day.endOf('day').valueOf();
}

/** Start of the crime log window: `days` calendar days before `now`. */
export function crimeLogSince(now: number, days = CRIME_LOG_DAYS): number {
  return now - days * 24 * 60 * 60 * 1000;
}

export interface CrimeLogIncident {
  id: string;
  reportedAt: number;
  campus: string;
  incidentType: string;
  status: string;
}

export type CrimeLogState = 'unclassified' | 'crime' | 'notCrime';

export interface CrimeLogEntry {
  incidentId: string;
  campus: string;
  reportedAt: number;
  occurredAt: number | null;
  generalLocation: string | null;
  nature: string | null;
  disposition: string | null;
  state: CrimeLogState;
  withheld: WithholdReason | null;
  /** Past its due time without a classification. */
  overdue: boolean;
  /** A crime whose case closed while its disposition still says it is open. */
  dispositionToUpdate: boolean;
}

/** Joins the reports of the window with their records, newest first. */
export function crimeLogEntries(
  incidents: readonly CrimeLogIncident[],
  records: ReadonlyMap<string, CleryRecord<TimestampLike>>,
  now: number,
  timeZone: string,
  holidays: ReadonlySet<string> = new Set(),
): CrimeLogEntry[] {
  return incidents
    .map((incident): CrimeLogEntry => {
      const record = records.get(incident.id);
      if (!record)
        return {
          incidentId: incident.id,
          campus: incident.campus,
          reportedAt: incident.reportedAt,
          occurredAt: null,
          generalLocation: null,
          nature: null,
          disposition: null,
          state: 'unclassified',
          withheld: null,
          overdue: now > classificationDueBy(incident.reportedAt, timeZone, holidays),
          dispositionToUpdate: false,
        };
      return {
        incidentId: incident.id,
        campus: record.campus,
        reportedAt: incident.reportedAt,
        occurredAt: record.occurredAt?.toMillis() ?? null,
        generalLocation: record.generalLocation,
        nature: record.nature,
        disposition: record.disposition,
        state: record.isCrime ? 'crime' : 'notCrime',
        withheld: record.withheld?.reason ?? null,
        overdue: false,
        dispositionToUpdate:
          record.isCrime &&
          record.disposition === OPEN_DISPOSITION &&
          (CLOSED_STATUSES as readonly string[]).includes(incident.status),
      };
    })
    .sort((a, b) => b.reportedAt - a.reportedAt);
}

/** What the printed (public) log lists: classified crimes that are not withheld. */
export function printableEntries(entries: readonly CrimeLogEntry[]): CrimeLogEntry[] {
  return entries.filter((e) => e.state === 'crime' && e.withheld === null);
}
