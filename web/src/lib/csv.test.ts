import { describe, expect, it } from 'vitest';
import { CsvLines, csvCell, csvTime, toCsv } from './csv';

/** A minimal RFC 4180 reader, to prove what toCsv writes reads back unchanged. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = text.startsWith('\uFEFF') ? 1 : 0; i < text.length; i++) {
    const c = text[i];
    const next = text[i + 1];
    if (quoted && c === '"' && next === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      endCell();
    } else if (!quoted && c === '\r' && next === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

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
    expect(csvTime({ toDate: () => instant, toMillis: () => 0 }, 'UTC')).toBe('2026-12-31 23:59:59');
    expect(csvTime(null, 'UTC')).toBe('');
    expect(csvTime(new Date(Number.NaN), 'UTC')).toBe('');
  });
});
