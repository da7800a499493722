import assert from 'node:assert/strict';
import type { JsonObject as Json } from '../../src/firestore/service.js';
import type { FirestoreEngine } from '../../src/firestore/engine/index.js';
import { DATABASE, doc, fields, newEngine, owner, raw, set, v } from './helpers.js';

async function transform(
  e: FirestoreEngine,
  path: string,
  fieldTransforms: Json[],
): Promise<{ results: Json[]; commitTime: string; fields: Json }> {
  const r = await e.commit(owner, {
    database: DATABASE,
    writes: [{ transform: { document: doc(path), fieldTransforms } }],
  });
  const got = await e.getDocument(owner, { name: doc(path) });
  return {
    results: ((r.writeResults as Json[])[0] as Json).transformResults as Json[],
    commitTime: r.commitTime as string,
    fields: got.fields as Json,
  };
}

describe('engine: transforms', () => {
  it('sets REQUEST_TIME to the commit time and reports it', async () => {
    const e = newEngine();
    const r = await transform(e, 't/1', [{ fieldPath: 'at', setToServerValue: 'REQUEST_TIME' }]);
    assert.deepEqual(r.results, [{ timestampValue: r.commitTime }]);
    assert.deepEqual(r.fields, { at: { timestampValue: r.commitTime } });
  });

  it('increments integers (saturating), doubles and missing fields', async () => {
    const e = newEngine();
    await set(e, 't/1', {
      i: 5,
      d: 1.5,
      s: 'x',
      max: raw({ integerValue: '9223372036854775800' }),
    });
    const r = await transform(e, 't/1', [
      { fieldPath: 'i', increment: v(2) },
      { fieldPath: 'd', increment: v(1) },
      { fieldPath: 's', increment: v(3) },
      { fieldPath: 'new', increment: { doubleValue: 0.5 } },
      { fieldPath: 'max', increment: v(100) },
      { fieldPath: 'i2', increment: v(1) },
    ]);
    assert.deepEqual(r.results, [
      v(7),
      { doubleValue: 2.5 },
      v(3),
      { doubleValue: 0.5 },
      { integerValue: '9223372036854775807' },
      v(1),
    ]);
  });

  it('applies maximum and minimum with mixed types and NaN', async () => {
    const e = newEngine();
    await set(e, 't/1', { a: 3, b: 3, c: raw({ doubleValue: 2.5 }), d: 1, e: 'str' });
    const r = await transform(e, 't/1', [
      { fieldPath: 'a', maximum: { doubleValue: 3 } },
      { fieldPath: 'b', minimum: { doubleValue: 2.5 } },
      { fieldPath: 'c', maximum: v(4) },
      { fieldPath: 'd', maximum: { doubleValue: 'NaN' } },
      { fieldPath: 'e', minimum: v(7) },
    ]);
    assert.deepEqual(r.results, [v(3), { doubleValue: 2.5 }, v(4), { doubleValue: 'NaN' }, v(7)]);
  });

  it('appends missing elements and removes all equal elements', async () => {
    const e = newEngine();
    await set(e, 't/1', { arr: [1, 'a', 2], other: 'x' });
    const r = await transform(e, 't/1', [
      { fieldPath: 'arr', appendMissingElements: { values: [v(1.0), v('b'), v('b'), v(null)] } },
      { fieldPath: 'other', removeAllFromArray: { values: [v('x')] } },
    ]);
    assert.deepEqual(r.results, [v(null), v(null)]);
    assert.deepEqual(r.fields, fields({ arr: [1, 'a', 2, 'b', null], other: [] }));
    const r2 = await transform(e, 't/1', [
      { fieldPath: 'arr', removeAllFromArray: { values: [{ doubleValue: 1 }, v(null)] } },
    ]);
    assert.deepEqual(r2.fields, fields({ arr: ['a', 2, 'b'], other: [] }));
  });

  it('applies updateTransforms after the update of the same write', async () => {
    const e = newEngine();
    const r = await e.commit(owner, {
      database: DATABASE,
      writes: [
        {
          update: { name: doc('t/2'), fields: fields({ n: 1, keep: true }) },
          updateMask: { fieldPaths: ['n', 'keep'] },
          updateTransforms: [
            { fieldPath: 'n', increment: v(10) },
            { fieldPath: 'nested.at', setToServerValue: 'REQUEST_TIME' },
          ],
        },
      ],
    });
    const got = await e.getDocument(owner, { name: doc('t/2') });
    assert.deepEqual(
      got.fields,
      fields({
        n: 11,
        keep: true,
        nested: { at: raw({ timestampValue: r.commitTime as string }) },
      }),
    );
  });
});
