/**
 * Behaviours where the engine used to differ from the official Firestore emulator (1.19.9); each
 * expectation below was observed on the official emulator first (issue 9).
 */
import assert from 'node:assert/strict';
import type { CallContext, JsonObject as Json } from '../../src/firestore/service.js';
import { GrpcCode } from '../../src/firestore/service.js';
import type { FirestoreEngine } from '../../src/firestore/engine/index.js';
import {
  DATABASE,
  doc,
  newEngine,
  owner,
  PROJECT,
  query,
  raw,
  rejects,
  ROOT,
  set,
  v,
} from './helpers.js';

const vector = (...xs: number[]) =>
  raw({
    mapValue: {
      fields: {
        __type__: { stringValue: '__vector__' },
        value: { arrayValue: { values: xs.map((x) => ({ doubleValue: x })) } },
      },
    },
  });
const field = (fieldPath: string) => ({ field: { fieldPath } });
const where = (fieldPath: string, op: string, value: unknown) => ({
  fieldFilter: { ...field(fieldPath), op, value: v(value) },
});
const from = (collectionId: string) => ({ from: [{ collectionId }] });

async function aggregateFields(e: FirestoreEngine, structuredQuery: Json, aggregations: Json[]) {
  const [res] = await e.runAggregationQuery(owner, {
    parent: ROOT,
    structuredAggregationQuery: { structuredQuery, aggregations },
  });
  return (res!.result as Json).aggregateFields as Record<string, Json>;
}

describe('engine: behaviours matched to the official emulator', () => {
  describe('null and NaN operands in filters', () => {
    let e: FirestoreEngine;
    before(async () => {
      e = newEngine();
      await set(e, 'n/null', { x: null, arr: [null, 1] });
      await set(e, 'n/one', { x: 1, arr: [1] });
      await set(e, 'n/nan', { x: raw({ doubleValue: 'NaN' }), arr: [raw({ doubleValue: 'NaN' })] });
      await set(e, 'n/text', { x: 'a', arr: [] });
      await set(e, 'n/none', { y: 1 });
    });
    const run = (fieldPath: string, op: string, value: unknown) =>
      query(e, { ...from('n'), where: where(fieldPath, op, value) });
    const nan = raw({ doubleValue: 'NaN' });

    it('a null or NaN in IN / ARRAY_CONTAINS_ANY / EQUAL matches nothing, the other values still do', async () => {
      assert.deepEqual(await run('x', 'IN', [null]), []);
      assert.deepEqual(await run('x', 'IN', [null, 1]), ['n/one']);
      assert.deepEqual(await run('x', 'IN', [nan]), []);
      assert.deepEqual(await run('arr', 'ARRAY_CONTAINS_ANY', [null]), []);
      assert.deepEqual(await run('arr', 'ARRAY_CONTAINS_ANY', [null, 1]), ['n/null', 'n/one']);
      assert.deepEqual(await run('arr', 'ARRAY_CONTAINS_ANY', [nan]), []);
      assert.deepEqual(await run('arr', 'ARRAY_CONTAINS', null), []);
      assert.deepEqual(await run('x', 'EQUAL', null), []);
      assert.deepEqual(await run('x', 'EQUAL', nan), []);
    });

    it('NOT_IN with a null matches nothing; a NaN in NOT_IN or NOT_EQUAL excludes nothing', async () => {
      assert.deepEqual(await run('x', 'NOT_IN', [null]), []);
      assert.deepEqual(await run('x', 'NOT_IN', [null, 1]), []);
      assert.deepEqual(await run('x', 'NOT_EQUAL', null), []);
      assert.deepEqual(await run('x', 'NOT_IN', [1]), ['n/nan', 'n/text']);
      assert.deepEqual(await run('x', 'NOT_IN', [nan]), ['n/nan', 'n/one', 'n/text']);
      assert.deepEqual(await run('x', 'NOT_EQUAL', nan), ['n/nan', 'n/one', 'n/text']);
    });

    it('IS_NULL and IS_NAN still find the stored null and NaN', async () => {
      const unary = (op: string) =>
        query(e, { ...from('n'), where: { unaryFilter: { op, ...field('x') } } });
      assert.deepEqual(await unary('IS_NULL'), ['n/null']);
      assert.deepEqual(await unary('IS_NAN'), ['n/nan']);
    });
  });

  describe('sum and avg read only documents that have the field', () => {
    it('a count in the same request counts those documents only (any value type, null included)', async () => {
      const e = newEngine();
      await set(e, 'g/a', { v: 50 });
      await set(e, 'g/b', { v: 50 });
      await set(e, 'g/c', { w: 1 });
      await set(e, 'g/d', { v: 'text' });
      const q = from('g');
      assert.deepEqual(await aggregateFields(e, q, [{ alias: 'c', count: {} }]), {
        c: { integerValue: '4' },
      });
      assert.deepEqual(
        await aggregateFields(e, q, [
          { alias: 's', sum: field('v') },
          { alias: 'a', avg: field('v') },
          { alias: 'c', count: {} },
        ]),
        { s: { integerValue: '100' }, a: { doubleValue: 50 }, c: { integerValue: '3' } },
      );
      await set(e, 'g/e', { v: null });
      assert.deepEqual(
        await aggregateFields(e, q, [
          { alias: 's', sum: field('v') },
          { alias: 'c', count: {} },
        ]),
        { s: { integerValue: '100' }, c: { integerValue: '4' } },
      );
      // Two fields: only documents with both; none here.
      assert.deepEqual(
        await aggregateFields(e, q, [
          { alias: 's', sum: field('v') },
          { alias: 't', sum: field('w') },
          { alias: 'c', count: {} },
        ]),
        { s: { integerValue: '0' }, t: { integerValue: '0' }, c: { integerValue: '0' } },
      );
    });

    it('the summed field orders the documents a limit keeps, before the document name', async () => {
      const e = newEngine();
      await set(e, 'g/a', { v: 50 });
      await set(e, 'g/b', { v: 50 });
      await set(e, 'g/e', { v: null });
      const fields = await aggregateFields(e, { ...from('g'), limit: 2 }, [
        { alias: 's', sum: field('v') },
        { alias: 'c', count: {} },
      ]);
      // null sorts first: g/e then g/a.
      assert.deepEqual(fields, { s: { integerValue: '50' }, c: { integerValue: '2' } });
    });
  });

  describe('vectors', () => {
    it('order after arrays and before maps: shorter vectors first, then element by element', async () => {
      const e = newEngine();
      await set(e, 'v/a', { e: vector(1, 2, 3) });
      await set(e, 'v/b', { e: vector(1, 2) });
      await set(e, 'v/c', { e: vector(5) });
      await set(e, 'v/d', { e: [9] });
      await set(e, 'v/e', { e: { a: 1 } });
      const order = (direction: string) =>
        query(e, { ...from('v'), orderBy: [{ ...field('e'), direction }] });
      assert.deepEqual(await order('ASCENDING'), ['v/d', 'v/c', 'v/b', 'v/a', 'v/e']);
      assert.deepEqual(await order('DESCENDING'), ['v/e', 'v/a', 'v/b', 'v/c', 'v/d']);
    });

    it('refuses malformed vectors on write, and stores nothing', async () => {
      const e = newEngine();
      const marked = (fields: Json) => ({
        mapValue: { fields: { __type__: { stringValue: '__vector__' }, ...fields } },
      });
      const cases: [Json, RegExp][] = [
        [marked({ value: { arrayValue: {} } }), /Cannot have a zero length vector/],
        [
          marked({ value: { arrayValue: { values: [{ integerValue: '1' }] } } }),
          /only contain values of type 'double'/,
        ],
        [marked({ value: { stringValue: 'x' } }), /Vector Value type must be an array/],
        [marked({}), /missing key 'value'/],
        [
          marked({
            value: { arrayValue: { values: [{ doubleValue: 1 }] } },
            x: { nullValue: null },
          }),
          /extraneous entries/,
        ],
      ];
      for (const [value, message] of cases) {
        await rejects(
          e.commit(owner, {
            database: DATABASE,
            writes: [{ update: { name: doc('v/bad'), fields: { e: value } } }],
          }),
          GrpcCode.INVALID_ARGUMENT,
          message,
        );
      }
      await rejects(e.getDocument(owner, { name: doc('v/bad') }), GrpcCode.NOT_FOUND);
    });
  });

  describe('findNearest (exact search)', () => {
    let e: FirestoreEngine;
    before(async () => {
      e = newEngine();
      await set(e, 'v/a', { o: vector(3, 0, 0), k: 1 });
      await set(e, 'v/b', { o: vector(2, 2, 0), k: 2 });
      await set(e, 'v/c', { o: vector(1, 1, 1), k: 1 });
      await set(e, 'v/d', { o: vector(0, 1, 0), k: 2 });
      await set(e, 'v/e', { o: vector(1, 2) }); // other dimension: never a candidate
      await set(e, 'v/f', { o: 'not a vector' });
    });
    const nearest = async (findNearest: Json, extra: Json = {}) => {
      const res = await e.runQuery(owner, {
        parent: ROOT,
        structuredQuery: {
          ...from('v'),
          ...extra,
          findNearest: {
            vectorField: { fieldPath: 'o' },
            queryVector: v(vector(1, 0, 0)),
            ...findNearest,
          },
        },
      });
      return res
        .filter((r) => r.document)
        .map((r) => {
          const d = r.document as Json;
          const id = (d.name as string).slice(ROOT.length + 3);
          const dist = (d.fields as Record<string, Json>)?.dist?.doubleValue;
          return dist === undefined ? id : `${id}=${String(dist)}`;
        });
    };

    it('ranks by each distance measure, ties by name, with the distance in the result field', async () => {
      const r = { limit: 10, distanceResultField: 'dist' };
      assert.deepEqual(await nearest({ ...r, distanceMeasure: 'EUCLIDEAN' }), [
        `c=${Math.SQRT2}`,
        `d=${Math.SQRT2}`,
        'a=2',
        `b=${Math.sqrt(5)}`,
      ]);
      assert.deepEqual(await nearest({ ...r, distanceMeasure: 'COSINE' }), [
        'a=0',
        `b=${1 - 2 / Math.sqrt(8)}`,
        `c=${1 - 1 / Math.sqrt(3)}`,
        'd=1',
      ]);
      assert.deepEqual(await nearest({ ...r, distanceMeasure: 'DOT_PRODUCT' }), [
        'a=3',
        'b=2',
        'c=1',
        'd=0',
      ]);
    });

    it('applies limit, distanceThreshold (dot product: at least) and prefilters', async () => {
      assert.deepEqual(await nearest({ distanceMeasure: 'EUCLIDEAN', limit: 2 }), ['c', 'd']);
      assert.deepEqual(
        await nearest({ distanceMeasure: 'EUCLIDEAN', limit: 10, distanceThreshold: 1.5 }),
        ['c', 'd'],
      );
      assert.deepEqual(
        await nearest({ distanceMeasure: 'DOT_PRODUCT', limit: 10, distanceThreshold: 1.5 }),
        ['a', 'b'],
      );
      assert.deepEqual(
        await nearest(
          { distanceMeasure: 'EUCLIDEAN', limit: 1 },
          { where: where('k', 'EQUAL', 2) },
        ),
        ['d'],
      );
      // An explicit orderBy orders the nearest documents.
      assert.deepEqual(
        await nearest(
          { distanceMeasure: 'EUCLIDEAN', limit: 2 },
          { orderBy: [{ ...field('o'), direction: 'DESCENDING' }] },
        ),
        ['c', 'd'],
      );
    });

    it('refuses what the official emulator refuses, with its messages', async () => {
      const bad = (fn: Json, extra: Json, message: RegExp) =>
        rejects(
          nearest({ distanceMeasure: 'EUCLIDEAN', limit: 2, ...fn }, extra),
          GrpcCode.INVALID_ARGUMENT,
          message,
        );
      await bad({}, { limit: 3 }, /A query limit cannot be used with FindNearest/);
      await bad({}, { offset: 1 }, /A query offset cannot be used with FindNearest/);
      await bad({}, { startAt: { values: [v(1)] } }, /A cursor cannot be used with FindNearest/);
      await bad(
        { limit: 0 },
        {},
        /FindNearest.limit must be a positive integer of no more than 1000/,
      );
      await bad({ limit: 1001 }, {}, /no more than 1000/);
      await bad({ distanceMeasure: undefined }, {}, /Unknown Distance Measure/);
      await bad({ queryVector: v([1]) }, {}, /Query Value must be of type vector/);
      await bad({ distanceResultField: '__d__' }, {}, /"__d__" is reserved/);
      await bad(
        { queryVector: v(vector(...Array<number>(2049).fill(1))) },
        {},
        /at most 2048 dimensions/,
      );
    });
  });

  describe('disjunctions after normalisation', () => {
    const e = newEngine();
    const inList = (fieldPath: string, n: number) =>
      where(
        fieldPath,
        'IN',
        Array.from({ length: n }, (_, i) => i),
      );
    const and = (...filters: Json[]) => ({ compositeFilter: { op: 'AND', filters } });
    const or = (...filters: Json[]) => ({ compositeFilter: { op: 'OR', filters } });
    const run = (filter: Json) => query(e, { ...from('n'), where: filter });

    it('refuses more than 30, counting IN values and distributing AND over OR', async () => {
      await rejects(
        run(and(inList('a', 6), inList('b', 6))),
        GrpcCode.INVALID_ARGUMENT,
        /Too many disjunctions after normalization. Result had 36 disjunctions which is more than the maximum of 30/,
      );
      await rejects(
        run(or(...Array.from({ length: 31 }, (_, i) => where('a', 'EQUAL', i)))),
        GrpcCode.INVALID_ARGUMENT,
        /Result had 31 disjunctions/,
      );
      assert.deepEqual(await run(and(inList('a', 5), inList('b', 6))), []);
    });

    it('counts identical operands and identical disjunctions once', async () => {
      assert.deepEqual(await run(and(inList('a', 6), inList('a', 6), inList('a', 6))), []);
      assert.deepEqual(await run(or(...Array<Json>(31).fill(where('a', 'EQUAL', 0)))), []);
      await rejects(
        run(and(inList('a', 6), inList('b', 6), where('a', 'EQUAL', 0))),
        GrpcCode.INVALID_ARGUMENT,
        /Result had 36 disjunctions/,
      );
    });

    it('allows one array-contains per disjunction', async () => {
      const any = (fieldPath: string) => where(fieldPath, 'ARRAY_CONTAINS_ANY', [1, 2]);
      await rejects(
        run(and(any('a'), any('b'))),
        GrpcCode.INVALID_ARGUMENT,
        /A maximum of 1 'ARRAY_CONTAINS' filter is allowed per disjunction/,
      );
      assert.deepEqual(await run(or(any('a'), any('b'))), []);
    });
  });

  describe('admin-only methods', () => {
    const user: CallContext = {
      projectId: PROJECT,
      databaseId: '(default)',
      caller: { kind: 'user', token: { sub: 'u1', user_id: 'u1' } },
    };
    const anonymous: CallContext = { ...user, caller: { kind: 'anonymous' } };

    it('refuses ListCollectionIds and BatchWrite to non-admin callers, writing nothing', async () => {
      const e = newEngine();
      await set(e, 'c/1', { a: 1 });
      for (const ctx of [user, anonymous]) {
        await rejects(
          e.listCollectionIds(ctx, { parent: ROOT }),
          GrpcCode.PERMISSION_DENIED,
          /^Metadata operations require admin authentication\.$/,
        );
        await rejects(
          e.batchWrite(ctx, {
            database: DATABASE,
            writes: [{ update: { name: doc('c/2'), fields: {} } }],
          }),
          GrpcCode.PERMISSION_DENIED,
          /^Batch writes require admin authentication\.$/,
        );
      }
      await rejects(e.getDocument(owner, { name: doc('c/2') }), GrpcCode.NOT_FOUND);
      assert.deepEqual((await e.listCollectionIds(owner, { parent: ROOT })).collectionIds, ['c']);
    });
  });

  describe('time precision', () => {
    it('stores timestamp values truncated to microseconds; query operands keep nanoseconds', async () => {
      const e = newEngine();
      await set(e, 't/a', { t: raw({ timestampValue: '2020-01-01T00:00:00.123456789Z' }) });
      const got = await e.getDocument(owner, { name: doc('t/a') });
      assert.equal(
        (got.fields as Record<string, Json>).t!.timestampValue,
        '2020-01-01T00:00:00.123456000Z',
      );
      const ts = (text: string) => raw({ timestampValue: text });
      const run = (op: string, text: string) =>
        query(e, { ...from('t'), where: where('t', op, ts(text)) });
      assert.deepEqual(await run('EQUAL', '2020-01-01T00:00:00.123456789Z'), []);
      assert.deepEqual(await run('EQUAL', '2020-01-01T00:00:00.123456Z'), ['t/a']);
      assert.deepEqual(await run('LESS_THAN', '2020-01-01T00:00:00.123456789Z'), ['t/a']);
    });

    it('gives write times microsecond resolution', async () => {
      const e = newEngine();
      const fractions = new Set<string>();
      for (let i = 0; i < 20; i++) {
        const res = await set(e, `w/${i}`, {});
        const micros = /\.\d{3}(\d{3})000Z$/.exec(res.commitTime as string);
        assert.ok(micros, `commit time ${String(res.commitTime)} has microseconds`);
        fractions.add(micros[1]!);
      }
      // Millisecond times bumped by 1 µs would give 000, 001, 002...: real microseconds vary.
      assert.ok(
        [...fractions].some((f) => Number(f) > 20),
        `microsecond digits ${[...fractions].join(',')}`,
      );
    });
  });

  describe('found by the differential suite', () => {
    let e: FirestoreEngine;
    before(async () => {
      e = newEngine();
      await set(e, 'q/a', { n: 1, x: [1, 2] });
      await set(e, 'q/b', { n: 2, x: null });
      await set(e, 'q/c', { n: 3 });
    });
    const bad = (structuredQuery: Json, message: RegExp) =>
      rejects(
        e.runQuery(owner, { parent: ROOT, structuredQuery }),
        GrpcCode.INVALID_ARGUMENT,
        message,
      );

    it('refuses orders after __name__, NOT_IN beside IN or OR, and cursors beyond the orderBy', async () => {
      await bad(
        { ...from('q'), orderBy: [field('__name__'), field('n')] },
        /order by clause cannot contain more fields after the key/,
      );
      await bad(
        { ...from('q'), where: where('n', 'GREATER_THAN', 1), orderBy: [field('__name__')] },
        /requires an index that has fields \[n\] after __name__/,
      );
      await bad(
        {
          ...from('q'),
          where: {
            compositeFilter: {
              op: 'AND',
              filters: [where('n', 'NOT_IN', [1]), where('x', 'IN', [2])],
            },
          },
        },
        /'NOT_IN' cannot be used in the same query with 'IN', 'ARRAY_CONTAINS_ANY' or 'OR'/,
      );
      await bad(
        {
          ...from('q'),
          orderBy: [field('n')],
          startAt: { values: [v(1), v(raw({ referenceValue: doc('q/a') }))] },
        },
        /Cursor has too many values/,
      );
    });

    it('matches nothing for a range on null, and takes arrays inside IN lists', async () => {
      assert.deepEqual(
        await query(e, { ...from('q'), where: where('x', 'GREATER_THAN_OR_EQUAL', null) }),
        [],
      );
      assert.deepEqual(await query(e, { ...from('q'), where: where('x', 'IN', [[1, 2]]) }), [
        'q/a',
      ]);
    });

    it('answers RunQuery like the official emulator: transaction first, skippedResults, done last', async () => {
      const res = await e.runQuery(owner, {
        parent: ROOT,
        structuredQuery: { ...from('q'), offset: 1 },
        newTransaction: {},
      });
      assert.ok(typeof res[0]!.transaction === 'string' && !res[0]!.document);
      assert.deepEqual(
        res.slice(1).map((r) => [(r.document as Json).name, r.skippedResults, r.done]),
        [
          [doc('q/b'), 1, undefined],
          [doc('q/c'), undefined, true],
        ],
      );
    });

    it('gives every write to a changed document the commit time, and refuses vectors in arrays', async () => {
      await set(e, 'w/a', { n: 1 });
      const res = await e.commit(owner, {
        database: DATABASE,
        writes: [
          { update: { name: doc('w/a'), fields: { n: v(1) } } },
          { update: { name: doc('w/a'), fields: { n: v(2) } } },
        ],
      });
      const times = (res.writeResults as Json[]).map((r) => r.updateTime);
      assert.deepEqual(times, [res.commitTime, res.commitTime]);
      await rejects(
        set(e, 'w/b', { list: [vector(1)] }),
        GrpcCode.INVALID_ARGUMENT,
        /Cannot convert a vector value in an array value/,
      );
    });
  });
});
