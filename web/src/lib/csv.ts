/**
 * CSV as spreadsheet programs open it: RFC 4180 quoting, CRLF line ends, UTF-8 with a byte-order
 * mark (without it Excel reads UTF-8 as the local code page). Every export of the console
 * (reports, accomplishment reports, dashboard tables, the crime log) is written here.
 */
export type CsvCell = string | number | boolean | null | undefined;

const BOM = '\uFEFF';
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

/** Hands `text` to the browser as a download named `fileName`. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
