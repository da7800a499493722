import assert from 'node:assert/strict';
import { test } from 'node:test';
import { raw, toFirestoreFields, toFirestoreValue } from '../src/firestore-values.mjs';

test('plain values become proto3 JSON values', () => {
  assert.deepEqual(
    toFirestoreFields({
      n: 3,
      d: 1.5,
      s: 'x',
      b: false,
      z: null,
      u: undefined,
      t: new Date('2026-11-23T10:00:00.000Z'),
      a: [1, 'y'],
      m: {
        inner: { ref: raw({ referenceValue: 'projects/p/databases/(default)/documents/c/d' }) },
      },
    }),
    {
      n: { integerValue: '3' },
      d: { doubleValue: 1.5 },
      s: { stringValue: 'x' },
      b: { booleanValue: false },
      z: { nullValue: null },
      u: { nullValue: null },
      t: { timestampValue: '2026-11-23T10:00:00.000Z' },
      a: { arrayValue: { values: [{ integerValue: '1' }, { stringValue: 'y' }] } },
      m: {
        mapValue: {
          fields: {
            inner: {
              mapValue: {
                fields: { ref: { referenceValue: 'projects/p/databases/(default)/documents/c/d' } },
              },
            },
          },
        },
      },
    },
  );
});

test('a value Firestore has no type for is refused', () => {
  assert.throws(() => toFirestoreValue(() => 1), /No Firestore value for a function/);
  assert.throws(() => toFirestoreValue(10n), /No Firestore value for a bigint/);
});
