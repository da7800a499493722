import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCsv } from '../src/csv.mjs';

test('reads quoted commas, doubled quotes, line breaks and the byte-order mark', () => {
  const text = '\uFEFFid,text\r\n1,"a, ""b""\nc"\r\n2,\r\n';
  assert.deepEqual(parseCsv(text), {
    bom: true,
    rows: [
      ['id', 'text'],
      ['1', 'a, "b"\nc'],
      ['2', ''],
    ],
  });
});

test('refuses a file cut inside a quoted field or after a last row without CRLF', () => {
  assert.throws(() => parseCsv('a,"b\r\n'), /inside a quoted field/);
  assert.throws(() => parseCsv('a,b\r\nc'), /no CRLF/);
  assert.deepEqual(parseCsv('a\r\n'), { bom: false, rows: [['a']] });
});
