/**
 * The daily crime log (34 CFR 668.46(f)): one entry per report, with the date and time reported,
 * the date and time occurred (or unknown), the general location, the nature and the disposition.
 * An entry is due within two business days of the report; the console flags the ones past it
 * without a classification. The print view lists the crimes that are not withheld.
 */
import dayjs from 'dayjs';
import '../dates';
import type { CleryRecord, WithholdReason } from './record';
import type { TimestampLike } from '../entities';

/** The log opens on the most recent 60 days (the span 668.46(f)(5) requires open inspection of). */
export const CRIME_LOG_DAYS = 60;
/** Business days after the report within which its entry is due (668.46(f)(2)). */
export const CRIME_LOG_BUSINESS_DAYS = 2;

/**
 * The end of the CRIME_LOG_BUSINESS_DAYS-th business day (Monday to Friday, in `timeZone`) after
 * the day of `reportedAt`: an entry with no classification after it is overdue. Holidays are not
 * modelled (docs/clery.md).
 */
export function classificationDueBy(reportedAt: number, timeZone: string): number {
  let day = dayjs(reportedAt).tz(timeZone).startOf('day');
  let counted = 0;
  while (counted < CRIME_LOG_BUSINESS_DAYS) {
    day = day.add(1, 'day');
    if (day.day() !== 0 && day.day() !== 6) counted += 1;
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
}

/** Joins the reports of the window with their records, newest first. */
export function crimeLogEntries(
  incidents: readonly CrimeLogIncident[],
  records: ReadonlyMap<string, CleryRecord<TimestampLike>>,
  now: number,
  timeZone: string,
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
          overdue: now > classificationDueBy(incident.reportedAt, timeZone),
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
      };
    })
    .sort((a, b) => b.reportedAt - a.reportedAt);
}

/** What the printed (public) log lists: classified crimes that are not withheld. */
export function printableEntries(entries: readonly CrimeLogEntry[]): CrimeLogEntry[] {
  return entries.filter((e) => e.state === 'crime' && e.withheld === null);
}
