import type { Accomplishment } from '../../data/accomplishments';
import { csvTime, type CsvCell } from '../../lib/csv';

/** The accomplishment reports export's columns (docs/console.md#csv-exports). */
export function accomplishmentCsvHeader(timeZone: string): string[] {
  return [
    'ID',
    `Submitted at (${timeZone})`,
    'Title',
    'Resolve code',
    'Threat level',
    'Description',
    'Incident ID',
    'Incident type',
    'Campus',
    'Assignee',
    `Incident reported (${timeZone})`,
    'Latitude',
    'Longitude',
    'Image URL',
  ];
}

/**
 * One copy as a row of `accomplishmentCsvHeader`. The incident's columns come from the copy's
 * snapshot of it, whose date and time the server already wrote in the programme time zone.
 */
export function accomplishmentCsvRow(row: Accomplishment, timeZone: string): CsvCell[] {
  const report = row.report;
  return [
    row.id,
    csvTime(row.timestamp, timeZone),
    row.title,
    row.resolveCode,
    row.threatLevel ?? report?.threatLevel ?? '',
    row.description,
    report?.id ?? '',
    report?.type ?? '',
    report?.campus ?? '',
    report?.assignee ?? '',
    report ? `${report.date} ${report.time}`.trim() : '',
    report?.latitude ?? '',
    report?.longitude ?? '',
    row.imageUrl ?? '',
  ];
}
