import assert from 'node:assert/strict';
import { compareValues, normalizeValue, valuesEqual } from '../../src/firestore/engine/values.js';
import { FirestoreApiError, type JsonObject as Json } from '../../src/firestore/service.js';
import { DATABASE, ROOT, newEngine, owner, query, raw, set, v } from './helpers.js';

/** One entry per rank, ascending; values in the same inner list are equal. */
const ORDERED: Json[][] = [
  [{ nullValue: null }, { nullValue: 'NULL_VALUE' }],
  [{ booleanValue: false }],
  [{ booleanValue: true }],
  [{ doubleValue: 'NaN' }, { doubleValue: NaN }],
  [{ doubleValue: '-Infinity' }],
  [{ integerValue: '-9223372036854775808' }],
  [{ doubleValue: -1.5 }],
  [{ integerValue: '-1' }, { doubleValue: -1 }],
  [{ integerValue: '0' }, { doubleValue: 0 }, { doubleValue: -0 }],
  [{ doubleValue: 0.5 }],
  [{ integerValue: '1' }, { doubleValue: 1 }],
  [{ integerValue: '9007199254740993' }],
  [{ doubleValue: 9007199254740994 }, { integerValue: '9007199254740994' }],
  [{ integerValue: '9223372036854775807' }],
  [{ doubleValue: 'Infinity' }],
  [{ timestampValue: '1970-01-01T00:00:00Z' }, { timestampValue: '1970-01-01T01:00:00+01:00' }],
  [{ timestampValue: '1970-01-01T00:00:00.000000001Z' }],
  [{ timestampValue: '2024-05-01T12:00:00.5Z' }],
  [{ stringValue: '' }],
  [{ stringValue: 'A' }],
  [{ stringValue: 'a' }],
  [{ stringValue: 'a\u0000' }],
  [{ stringValue: 'ab' }],
  [{ stringValue: '\uffff' }],
  [{ stringValue: '\u{1F600}' }], // above U+FFFF: after U+FFFF in UTF-8 byte order
  [{ bytesValue: '' }],
  [{ bytesValue: 'AA==' }],
  [{ bytesValue: 'AQ==' }],
  [{ bytesValue: '/w==' }],
  [{ referenceValue: `${ROOT}/a/b` }],
  [{ referenceValue: `${ROOT}/a/b/c/d` }],
  [{ referenceValue: `${ROOT}/a-c/b` }], // segment order: "a" < "a-c"
  [{ referenceValue: `${ROOT}/b/a` }],
  [{ geoPointValue: { latitude: -10, longitude: 50 } }],
  [{ geoPointValue: { latitude: 0, longitude: -5 } }],
  [{ geoPointValue: { latitude: 0, longitude: 5 } }],
  [{ arrayValue: {} }, { arrayValue: { values: [] } }],
  [{ arrayValue: { values: [{ integerValue: '1' }] } }],
  [{ arrayValue: { values: [{ integerValue: '1' }, { nullValue: null }] } }],
  [{ arrayValue: { values: [{ integerValue: '2' }] } }],
  [{ mapValue: {} }],
  [{ mapValue: { fields: { a: { integerValue: '1' } } } }],
  [{ mapValue: { fields: { a: { integerValue: '1' }, b: { nullValue: null } } } }],
  [{ mapValue: { fields: { a: { integerValue: '2' } } } }],
  [{ mapValue: { fields: { b: { integerValue: '0' } } } }],
];

describe('engine: values', () => {
  it('orders every pair of values across and within types', () => {
    const ranked = ORDERED.map((group, rank) =>
      group.map((value) => ({ rank, value: normalizeValue(value, 'test') })),
    );
    const all = ranked.flat();
    for (const a of all) {
      for (const b of all) {
        const expected = Math.sign(a.rank - b.rank);
        const got = Math.sign(compareValues(a.value, b.value));
        assert.equal(got, expected, `${JSON.stringify(a.value)} vs ${JSON.stringify(b.value)}`);
        assert.equal(valuesEqual(a.value, b.value), expected === 0);
      }
    }
  });

  it('orders query results across types as Firestore does', async () => {
    const e = newEngine();
    const values = [
      raw({ bytesValue: 'AQ==' }),
      'b',
      2,
      null,
      true,
      raw({ doubleValue: 'NaN' }),
      1.5,
      raw({ timestampValue: '2020-01-01T00:00:00Z' }),
      [1],
      { a: 1 },
      false,
    ];
    for (const [i, x] of values.entries()) await set(e, `mixed/d${i}`, { x });
    const order = await query(e, {
      from: [{ collectionId: 'mixed' }],
      orderBy: [{ field: { fieldPath: 'x' } }],
    });
    assert.deepEqual(order, [
      'mixed/d3',
      'mixed/d10',
      'mixed/d4',
      'mixed/d5',
      'mixed/d6',
      'mixed/d2',
      'mixed/d7',
      'mixed/d1',
      'mixed/d0',
      'mixed/d8',
      'mixed/d9',
    ]);
  });

  it('round-trips value forms through the engine in canonical proto3 JSON', async () => {
    const e = newEngine();
    await e.commit(owner, {
      database: DATABASE,
      writes: [
        {
          update: {
            name: `${ROOT}/t/1`,
            fields: {
              big: { integerValue: '9007199254740993' },
              small: { integerValue: 12345 as never },
              neg0: { doubleValue: -0 },
              inf: { doubleValue: 'Infinity' },
              ts: { timestampValue: '2024-01-02T03:04:05.123456789Z' },
              bytes: { bytesValue: 'AQID' },
              n: { nullValue: null },
            },
          },
        },
      ],
    });
    const got = (await e.getDocument(owner, { name: `${ROOT}/t/1` })).fields as Record<
      string,
      Json
    >;
    assert.equal(got.big!.integerValue, '9007199254740993');
    assert.equal(got.small!.integerValue, '12345');
    assert.ok(Object.is(got.neg0!.doubleValue, -0));
    assert.equal(got.inf!.doubleValue, 'Infinity');
    // Stored with microseconds, truncated (not rounded), like Firestore.
    assert.equal(got.ts!.timestampValue, '2024-01-02T03:04:05.123456000Z');
    assert.equal(got.bytes!.bytesValue, 'AQID');
    assert.deepEqual(got.n, { nullValue: 'NULL_VALUE' });
  });

  it('rejects malformed values with INVALID_ARGUMENT', () => {
    const bad: unknown[] = [
      {},
      { integerValue: '1.5' },
      { integerValue: '9223372036854775808' },
      { doubleValue: 'abc' },
      { timestampValue: '2024-13-01T00:00:00Z' },
      { stringValue: 5 },
      { bytesValue: '***' },
      { referenceValue: 'not/a/name' },
      { geoPointValue: { latitude: 91, longitude: 0 } },
      { arrayValue: { values: [{ arrayValue: { values: [] } }] } },
      { mapValue: { fields: 'x' } },
      { stringValue: 'a', integerValue: '1' },
      { unknownValue: 1 },
      null,
    ];
    for (const b of bad) {
      assert.throws(
        () => normalizeValue(b, 'f'),
        (e: unknown) => e instanceof FirestoreApiError && e.code === 3,
        JSON.stringify(b),
      );
    }
  });

  it('treats int and double, -0 and 0, NaN and NaN as equal in equality filters', async () => {
    const e = newEngine();
    await set(e, 'eq/int', { n: 1 });
    await set(e, 'eq/dbl', { n: raw({ doubleValue: 1 }) });
    await set(e, 'eq/zero', { n: raw({ doubleValue: -0 }) });
    const eq = (value: Json) =>
      query(e, {
        from: [{ collectionId: 'eq' }],
        where: { fieldFilter: { field: { fieldPath: 'n' }, op: 'EQUAL', value } },
      });
    assert.deepEqual(await eq(v(1)), ['eq/dbl', 'eq/int']);
    assert.deepEqual(await eq({ doubleValue: 0 }), ['eq/zero']);
  });
});
