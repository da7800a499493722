import { describe, expect, it } from 'vitest';
import { parseCsv } from '@campus-safety/testkit/csv';
import { CsvLines, csvCell, csvFileName, csvTime, toCsv } from './csv';

/** What toCsv writes, read back (the reader the browser tests use for downloaded files). */
const parse = (text: string) => parseCsv(text).rows;

describe('csv', () => {
  it('round-trips commas, quotes, line breaks and non-ASCII text', () => {
    const tricky = 'Broken gate, "north" side\nSeñora Dela Cruz — 東京 ✓';
    const text = toCsv(
      ['id', 'description'],
      [
        ['a1', tricky],
        ['a2', 7],
      ],
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(parse(text)).toEqual([
      ['id', 'description'],
      ['a1', tricky],
      ['a2', '7'],
    ]);
  });

  it('keeps a spreadsheet from running report text as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('-5 min')).toBe("'-5 min");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });

  it('builds a large file line by line into one Blob that reads as toCsv writes', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => [`r${i}`, `line ${i}, "q"\nnext`]);
    const file = new CsvLines(['id', 'text']);
    for (const row of rows) file.add(row);
    expect(file.rowCount).toBe(1000);
    const blob = file.toBlob();
    expect(blob.type).toBe('text/csv;charset=utf-8');
    // Blob.text() would drop the byte-order mark while decoding: compare the bytes.
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      toCsv(['id', 'text'], rows),
    );
  });

  it('writes times in the given zone, sortable, and nothing when missing', () => {
    const instant = new Date('2026-12-31T23:59:59Z');
    expect(csvTime(instant, 'Asia/Manila')).toBe('2027-01-01 07:59:59');
    expect(csvTime({ toDate: () => instant, toMillis: () => 0 }, 'UTC')).toBe(
      '2026-12-31 23:59:59',
    );
    expect(csvTime(null, 'UTC')).toBe('');
    expect(csvTime(new Date(Number.NaN), 'UTC')).toBe('');
  });
});

describe('csvFileName', () => {
  it('joins the parts with hyphens, spaces too, and leaves out empty parts', () => {
    expect(
      csvFileName(['dashboard-top-tags', '2026-10-01', 'to', '2026-10-30', 'All campuses']),
    ).toBe('dashboard-top-tags-2026-10-01-to-2026-10-30-All-campuses.csv');
    expect(csvFileName(['crime-log', null, '', 60, 'days'])).toBe('crime-log-60-days.csv');
  });

  it('drops characters a file system refuses', () => {
    expect(csvFileName(['clery annual', 'A/B: "C"?'])).toBe('clery-annual-AB-C.csv');
  });
});
