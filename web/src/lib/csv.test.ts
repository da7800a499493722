import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

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
});
