/**
 * CSV as spreadsheet programs open it: RFC 4180 quoting, CRLF line ends, UTF-8 with a byte-order
 * mark (without it Excel reads UTF-8 as the local code page). Every export of the console
 * (reports, accomplishment reports, dashboard tables, the crime log) is written here.
 */
import { formatInZone, type TimestampLike } from '@campus-safety/model';

export type CsvCell = string | number | boolean | null | undefined;

/**
 * Times in an export: sortable and read as a date by spreadsheet programs, in the programme time
 * zone (the column header names it); empty when missing.
 */
const CSV_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function csvTime(value: TimestampLike | Date | null | undefined, timeZone: string): string {
  if (!value) return '';
  const date = value instanceof Date ? value : value.toDate();
  return Number.isNaN(date.getTime()) ? '' : formatInZone(date, timeZone, CSV_TIME_FORMAT);
}

const BOM = '\uFEFF';
const CSV_TYPE = 'text/csv;charset=utf-8';
const NEEDS_QUOTES = /[",\r\n]/;
/**
 * Spreadsheets run a cell starting with one of these as a formula; report text comes from app
 * users, so such a cell is prefixed with an apostrophe (OWASP's CSV injection advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value == null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(csvCell).join(',');
}

/** A whole file: the BOM, the header, then the rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return BOM + [header, ...rows].map(csvLine).join('\r\n') + '\r\n';
}

/**
 * A large file (tens of thousands of rows) gathered line by line: each row becomes one short
 * string as it is read, and the Blob joins them once, so no second copy of the whole text is made.
 */
export class CsvLines {
  private readonly lines: string[];

  constructor(header: readonly string[]) {
    this.lines = [BOM + csvLine(header) + '\r\n'];
  }

  add(cells: readonly CsvCell[]): void {
    this.lines.push(csvLine(cells) + '\r\n');
  }

  /** Rows added so far (the header not counted). */
  get rowCount(): number {
    return this.lines.length - 1;
  }

  toBlob(): Blob {
    return new Blob(this.lines, { type: CSV_TYPE });
  }
}

/** Hands `content` to the browser as a download named `fileName`. */
export function downloadCsv(fileName: string, content: string | Blob): void {
  downloadFile(
    fileName,
    typeof content === 'string' ? new Blob([content], { type: CSV_TYPE }) : content,
  );
}

/** Saves `blob` as a file named `fileName` (a CSV, a campus's GeoJSON). */
export function downloadFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The name of a downloaded CSV: its parts (what, period, scope, time) joined by hyphens, spaces
 * turned to hyphens and characters file systems refuse dropped; empty parts left out. Every
 * download of the console is named here, so the names read alike.
 */
export function csvFileName(parts: readonly (string | number | null | undefined)[]): string {
  const stem = parts
    .map((part) =>
      String(part ?? '')
        .trim()
        .replace(/[/\\:*?"<>|]/g, '')
        .replace(/\s+/g, '-'),
    )
    .filter(Boolean)
    .join('-');
  return `${stem}.csv`;
}
