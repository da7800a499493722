import { campusName, type Campuses } from '@campus-safety/model';
import type { Accomplishment } from '../../data/accomplishments';
import { csvTime, type CsvCell } from '../../lib/csv';
import { accomplishmentPhotoPath } from './photo';

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
    'Photo (Storage path)',
  ];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The snapshot's `date` and `time` (REPORT_DATE_FORMAT, REPORT_TIME_FORMAT). */
const SNAPSHOT_TIME = /^([A-Z][a-z]{2}) (\d{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) (AM|PM)$/;

/**
 * The snapshot's reported time as the export writes every time (lib/csv `csvTime`:
 * `YYYY-MM-DD HH:mm:ss`, already in the programme zone); text it cannot read is kept as it is.
 */
export function snapshotCsvTime(date: string, time: string): string {
  const text = `${date} ${time}`.trim();
  const match = SNAPSHOT_TIME.exec(text);
  const month = match ? MONTHS.indexOf(match[1]!) + 1 : 0;
  if (!match || month === 0) return text;
  const [, , day, year, hour12, minute, second, half] = match;
  const hour = (Number(hour12) % 12) + (half === 'PM' ? 12 : 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${day} ${pad(hour)}:${minute}:${second}`;
}

/**
 * One copy as a row of `accomplishmentCsvHeader`. The incident's columns come from the copy's
 * snapshot of it, whose date and time the server already wrote in the programme time zone.
 */
export function accomplishmentCsvRow(
  row: Accomplishment,
  timeZone: string,
  campuses: Campuses,
): CsvCell[] {
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
    report ? campusName(campuses, report.campus) : '',
    report?.assignee ?? '',
    report ? snapshotCsvTime(report.date, report.time) : '',
    report?.latitude ?? '',
    report?.longitude ?? '',
    // The path, not the stored link: a link's token would open the photo without the rules.
    accomplishmentPhotoPath(row) ?? '',
  ];
}
