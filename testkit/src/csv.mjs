/**
 * An RFC 4180 reader for tests: what the console's CSV exports write must read back unchanged
 * (quoted commas, doubled quotes, line breaks inside a field, the UTF-8 byte-order mark).
 */

/**
 * The rows of `text` (a leading byte-order mark is skipped; `bom` says whether there was one).
 * Rows end with CRLF; a line break inside quotes belongs to the field.
 * @param {string} text
 * @returns {{ bom: boolean, rows: string[][] }}
 */
export function parseCsv(text) {
  const bom = text.startsWith('\uFEFF');
  /** @type {string[][]} */
  const rows = [];
  /** @type {string[]} */
  let row = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = bom ? 1 : 0; i < text.length; i++) {
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
  if (quoted) throw new Error('The CSV ends inside a quoted field.');
  if (cell !== '' || row.length > 0) throw new Error('The last CSV row has no CRLF.');
  return { bom, rows };
}
