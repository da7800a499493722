import { raw, v } from '../engine/helpers.js';
import { listenCases } from './listen-cases.js';
import { sdkCases } from './sdk-cases.js';
import { name, ROOT, Session, userToken, type Json } from './session.js';

/**
 * The requests of the differential suite, grouped in cases. Each case runs on an empty database
 * of each engine; a case may use its own engine's earlier answers (update times, transaction ids).
 */
export interface Case {
  name: string;
  run(s: Session): Promise<void>;
}

// ---- value and query builders ----

const dbl = (x: number | string) => raw({ doubleValue: x });
const ts = (text: string) => raw({ timestampValue: text });
const bytes = (b64: string) => raw({ bytesValue: b64 });
const ref = (path: string) => raw({ referenceValue: name(path) });
const geo = (latitude: number, longitude: number) =>
  raw({ geoPointValue: { latitude, longitude } });
const vector = (...xs: number[]) =>
  raw({
    mapValue: {
      fields: {
        __type__: { stringValue: '__vector__' },
        value: { arrayValue: { values: xs.map((x) => ({ doubleValue: x })) } },
      },
    },
  });
const fields = (o: Record<string, unknown>): Json =>
  Object.fromEntries(Object.entries(o).map(([k, x]) => [k, v(x)]));
const field = (fieldPath: string) => ({ field: { fieldPath } });
const where = (fieldPath: string, op: string, value: unknown) => ({
  fieldFilter: { ...field(fieldPath), op, value: v(value) },
});
const unary = (fieldPath: string, op: string) => ({ unaryFilter: { ...field(fieldPath), op } });
const and = (...filters: Json[]) => ({ compositeFilter: { op: 'AND', filters } });
const or = (...filters: Json[]) => ({ compositeFilter: { op: 'OR', filters } });
const from = (collectionId: string, allDescendants?: boolean) => ({
  from: [{ collectionId, ...(allDescendants ? { allDescendants } : {}) }],
});
const asc = (fieldPath: string) => ({ ...field(fieldPath), direction: 'ASCENDING' });
const desc = (fieldPath: string) => ({ ...field(fieldPath), direction: 'DESCENDING' });
const update = (path: string, data: Record<string, unknown>, extra: Json = {}) => ({
  update: { name: name(path), fields: fields(data) },
  ...extra,
});

async function seed(s: Session, docs: Record<string, Record<string, unknown>>): Promise<void> {
  await s.commit(Object.entries(docs).map(([path, data]) => update(path, data)));
}

// ---- data sets ----

/** One document per interesting value of `x`, across every type, plus one without `x`. */
const MIXED: Record<string, unknown> = {
  m00: null,
  m01: false,
  m02: true,
  m03: dbl('NaN'),
  m04: dbl('-Infinity'),
  m05: -1,
  m06: dbl(-0),
  m07: 0,
  m08: dbl(1),
  m09: 1,
  m10: dbl(2.5),
  m11: raw({ integerValue: '9007199254740993' }),
  m12: dbl('Infinity'),
  m13: ts('1970-01-01T00:00:00Z'),
  m14: ts('2020-05-05T05:05:05.123456789Z'),
  m15: '',
  m16: 'a',
  m17: 'B',
  m18: 'é',
  m19: '😀',
  m20: bytes('AQID'),
  m21: bytes(''),
  m22: ref('a/b'),
  m23: ref('a/b/c/d'),
  m24: geo(1, 2),
  m25: geo(-1, 5),
  m26: [],
  m27: [1, 2],
  m28: [1, 'a'],
  m29: [null],
  m30: [dbl('NaN')],
  m31: vector(1),
  m32: vector(1, 2),
  m33: {},
  m34: { a: 1 },
  m35: { a: 1, b: 2 },
};

async function seedMixed(s: Session): Promise<void> {
  const docs: Record<string, Record<string, unknown>> = {};
  for (const [id, x] of Object.entries(MIXED))
    docs[`mixed/${id}`] = {
      x,
      tags: Array.isArray(x) ? x : id === 'm31' || id === 'm32' ? [] : [x],
    };
  docs['mixed/m36'] = { y: 1 };
  await seed(s, docs);
}

/** Operands compared with every stored value. */
const OPERANDS: [string, unknown][] = [
  ['null', null],
  ['NaN', dbl('NaN')],
  ['int 1', 1],
  ['double 1', dbl(1)],
  ['-0', dbl(-0)],
  ['string a', 'a'],
  ['true', true],
  ['timestamp', ts('2020-05-05T05:05:05.123456Z')],
  ['bytes', bytes('AQID')],
  ['reference', ref('a/b')],
  ['geopoint', geo(1, 2)],
  ['array', [1, 2]],
  ['map', { a: 1 }],
  ['vector', vector(1)],
];

const FILTER_OPS = [
  'EQUAL',
  'NOT_EQUAL',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
];

const LISTS: [string, unknown[]][] = [
  ['ints', [1, 2]],
  ['mixed types', [1, 'a', true]],
  ['null', [null]],
  ['null and 1', [null, 1]],
  ['NaN', [dbl('NaN')]],
  ['NaN and 1', [dbl('NaN'), 1]],
  ['array', [[1, 2]]],
];

const cursorDocs = async (s: Session) => {
  const docs: Record<string, Record<string, unknown>> = {};
  for (let i = 0; i < 10; i++) docs[`c/d${i}`] = { n: i % 4, s: `s${9 - i}` };
  docs['c/none'] = { s: 'x' };
  await seed(s, docs);
};

// ---- cases ----

export const cases: Case[] = [
  {
    name: 'documents: create, get, update with mask, delete',
    async run(s) {
      await s.call('POST', '/crud?documentId=a', { fields: fields({ x: 1, m: { y: 2, z: 3 } }) });
      await s.call('POST', '/crud?documentId=a', { fields: fields({ x: 2 }) });
      await s.call('GET', '/crud/a');
      await s.call('GET', '/crud/a?mask.fieldPaths=m.y&mask.fieldPaths=missing');
      await s.call('PATCH', '/crud/a?updateMask.fieldPaths=m.z&updateMask.fieldPaths=w', {
        fields: fields({ x: 9, w: 'new' }),
      });
      await s.call('GET', '/crud/a');
      await s.call('PATCH', '/crud/a?updateMask.fieldPaths=x&mask.fieldPaths=x', {
        fields: fields({ x: 10 }),
      });
      // A write that changes nothing.
      await s.call('PATCH', '/crud/a?updateMask.fieldPaths=x', { fields: fields({ x: 10 }) });
      await s.call('GET', '/crud/a');
      await s.call('DELETE', '/crud/a');
      await s.call('GET', '/crud/a');
      await s.call('DELETE', '/crud/a');
      await s.call('GET', '/crud/never');
    },
  },
  {
    name: 'documents: list, batchGet, listCollectionIds',
    async run(s) {
      await seed(s, {
        'list/b': { n: 2 },
        'list/a': { n: 1 },
        'list/c': { n: 3 },
        'list/a/sub/x': { n: 4 },
        'list/missing/sub/y': { n: 5 },
        'other/z': {},
      });
      await s.call('GET', '/list');
      await s.call('GET', '/list?pageSize=2');
      await s.call('GET', '/list?orderBy=n%20desc');
      await s.call('GET', '/list?showMissing=true');
      await s.call('GET', '/list?mask.fieldPaths=n');
      await s.call('POST', ':batchGet', {
        documents: [name('list/a'), name('list/nope'), name('list/c')],
      });
      await s.call('POST', ':batchGet', { documents: [name('list/a')], mask: { fieldPaths: [] } });
      await s.call('POST', ':listCollectionIds', {});
      await s.call('POST', '/list/a:listCollectionIds', {});
      await s.call('POST', '/list/missing:listCollectionIds', {});
      await s.call('POST', '/list/nothing:listCollectionIds', {});
    },
  },
  {
    name: 'documents: preconditions',
    async run(s) {
      const created = await s.set('pre/a', fields({ x: 1 }));
      const time = created.body?.writeResults?.[0]?.updateTime as string;
      await s.commit([update('pre/a', { x: 2 }, { currentDocument: { exists: false } })]);
      await s.commit([update('pre/b', { x: 2 }, { currentDocument: { exists: true } })]);
      await s.commit([update('pre/b', { x: 2 }, { currentDocument: { exists: false } })]);
      await s.commit([update('pre/a', { x: 3 }, { currentDocument: { updateTime: time } })]);
      await s.commit([update('pre/a', { x: 4 }, { currentDocument: { updateTime: time } })]);
      await s.commit([{ delete: name('pre/a'), currentDocument: { updateTime: time } }]);
      await s.commit([{ delete: name('pre/zz'), currentDocument: { exists: true } }]);
      await s.commit([{ delete: name('pre/b'), currentDocument: { exists: true } }]);
      await s.call('POST', ':batchGet', { documents: [name('pre/a'), name('pre/b')] });
    },
  },
  {
    name: 'documents: one commit, several writes, the same document twice',
    async run(s) {
      await s.commit([update('multi/a', { x: 1 }), update('multi/b', { x: 2 })]);
      await s.commit([update('multi/a', { x: 1 }), update('multi/a', { x: 2 })]);
      await s.commit([update('multi/a', { x: 3 }), { delete: name('multi/b') }]);
      await s.call('POST', ':batchGet', { documents: [name('multi/a'), name('multi/b')] });
    },
  },
  {
    name: 'values: round trip of every type',
    async run(s) {
      await seedMixed(s);
      await s.call('GET', '/mixed?pageSize=100');
    },
  },
  ...FILTER_OPS.map((op): Case => ({
    name: `filters: ${op} with every type of operand`,
    async run(s) {
      await seedMixed(s);
      for (const [label, operand] of OPERANDS) {
        await s.call(
          'POST',
          ':runQuery',
          { structuredQuery: { ...from('mixed'), where: where('x', op, operand) } },
          { label: `${op} ${label}` },
        );
      }
    },
  })),
  {
    name: 'filters: IN, NOT_IN, ARRAY_CONTAINS, ARRAY_CONTAINS_ANY (null and NaN included)',
    async run(s) {
      await seedMixed(s);
      for (const [label, list] of LISTS) {
        for (const op of ['IN', 'NOT_IN']) {
          await s.call(
            'POST',
            ':runQuery',
            { structuredQuery: { ...from('mixed'), where: where('x', op, list) } },
            { label: `${op} ${label}` },
          );
        }
        await s.call(
          'POST',
          ':runQuery',
          {
            structuredQuery: { ...from('mixed'), where: where('tags', 'ARRAY_CONTAINS_ANY', list) },
          },
          { label: `ARRAY_CONTAINS_ANY ${label}` },
        );
      }
      for (const [label, operand] of OPERANDS) {
        await s.call(
          'POST',
          ':runQuery',
          { structuredQuery: { ...from('mixed'), where: where('x', 'ARRAY_CONTAINS', operand) } },
          { label: `ARRAY_CONTAINS ${label}` },
        );
      }
    },
  },
  {
    name: 'filters: unary IS_NULL, IS_NAN, IS_NOT_NULL, IS_NOT_NAN',
    async run(s) {
      await seedMixed(s);
      for (const op of ['IS_NULL', 'IS_NAN', 'IS_NOT_NULL', 'IS_NOT_NAN'])
        await s.query({ ...from('mixed'), where: unary('x', op) });
    },
  },
  {
    name: 'filters: composite AND / OR, nested, and several inequalities',
    async run(s) {
      await cursorDocs(s);
      const n = (op: string, x: number) => where('n', op, x);
      await s.query({ ...from('c'), where: and(n('GREATER_THAN', 0), n('LESS_THAN', 3)) });
      await s.query({ ...from('c'), where: or(n('EQUAL', 0), n('EQUAL', 3)) });
      await s.query({
        ...from('c'),
        where: or(and(n('EQUAL', 1), where('s', 'GREATER_THAN', 's5')), n('EQUAL', 2)),
      });
      await s.query({ ...from('c'), where: and(or(n('EQUAL', 1), n('EQUAL', 2))) });
      await s.query({
        ...from('c'),
        where: and(n('GREATER_THAN', 0), where('s', 'LESS_THAN', 's6')),
      });
      await s.query({
        ...from('c'),
        where: and(n('GREATER_THAN', 0), where('s', 'LESS_THAN', 's6')),
        orderBy: [desc('s')],
      });
      await s.query({ ...from('c'), where: or(n('GREATER_THAN', 2), where('s', 'EQUAL', 'x')) });
      await s.query({ ...from('c'), where: n('NOT_EQUAL', 1), orderBy: [desc('n')] });
      await s.query({
        ...from('c'),
        where: and(where('n', 'NOT_IN', [0, 1]), where('s', 'GREATER_THAN', 's2')),
      });
      await s.query({ ...from('c'), where: and(n('EQUAL', 1)) });
      await s.query({ ...from('c'), where: n('GREATER_THAN', 1), orderBy: [asc('__name__')] });
      await s.query({
        ...from('c'),
        where: n('GREATER_THAN', 1),
        orderBy: [asc('n'), asc('__name__')],
      });
      await s.query({ ...from('c'), where: or() });
    },
  },
  {
    name: 'ordering across types, ascending and descending, with limit and offset',
    async run(s) {
      await seedMixed(s);
      await s.query({ ...from('mixed'), orderBy: [asc('x')] });
      await s.query({ ...from('mixed'), orderBy: [desc('x')] });
      await s.query({ ...from('mixed'), orderBy: [asc('x')], limit: 5, offset: 3 });
      await s.query({ ...from('mixed'), offset: 100 });
      await s.query({ ...from('mixed'), where: where('x', 'EQUAL', 'a'), offset: 1 });
      await s.query({ ...from('mixed'), orderBy: [desc('x'), desc('__name__')], limit: 4 });
      await s.query({ ...from('mixed'), orderBy: [asc('tags')] });
      await s.call(
        'POST',
        ':runQuery',
        { structuredQuery: { ...from('mixed'), orderBy: [desc('__name__')], limit: 3 } },
        { label: 'orderBy __name__ descending' },
      );
    },
  },
  {
    name: 'cursors and limitToLast',
    async run(s) {
      await cursorDocs(s);
      const cursor = (values: unknown[], before: boolean) => ({ values: values.map(v), before });
      const q = { ...from('c'), orderBy: [asc('n')] };
      await s.query({ ...q, startAt: cursor([1], true) });
      await s.query({ ...q, startAt: cursor([1], false) });
      await s.query({ ...q, endAt: cursor([2], false) });
      await s.query({ ...q, endAt: cursor([2], true) });
      await s.query({ ...q, startAt: cursor([1, ref('c/d5')], false), limit: 3 });
      await s.query({ ...q, startAt: cursor([1, ref('c/d5')], true), endAt: cursor([3], false) });
      await s.query({ ...from('c'), orderBy: [desc('n')], startAt: cursor([2], true) });
      await s.query({ ...from('c'), startAt: cursor([ref('c/d4')], false) });
      // limitToLast(3) as the SDKs send it: the order reversed, then the answer reversed locally.
      await s.query({ ...from('c'), orderBy: [desc('n'), desc('__name__')], limit: 3 });
      await s.query({
        ...from('c'),
        orderBy: [desc('n'), desc('__name__')],
        endAt: cursor([1], true),
        limit: 3,
      });
      await s.query({ ...q, startAt: cursor([1, ref('c/d5'), 3], false) });
      await s.query({
        ...from('c'),
        where: where('n', 'GREATER_THAN', 0),
        startAt: cursor([2], true),
      });
      await s.query({
        ...from('c'),
        where: where('n', 'GREATER_THAN', 0),
        startAt: cursor([2, ref('c/d6')], true),
      });
      await s.query({
        ...from('c'),
        orderBy: [asc('n'), asc('__name__')],
        startAt: cursor([1, ref('c/d5')], false),
      });
      await s.query({ ...q, startAt: cursor([1, 'not a reference'], false) });
    },
  },
  {
    name: 'collection groups and kindless queries',
    async run(s) {
      await seed(s, {
        'items/z': { n: 1 },
        'g1/a/items/x': { n: 2 },
        'g1/a/items/x/items/deep': { n: 3 },
        'g2/b/items/y': { n: 4 },
        'g1/a/other/w': { n: 5 },
        'g1/ab/items/q': { n: 6 },
      });
      await s.query({ ...from('items', true) });
      await s.query({ ...from('items', true) }, 'g1/a');
      await s.query({ ...from('items', true), where: where('n', 'GREATER_THAN', 2) });
      await s.query({ ...from('items', true), orderBy: [desc('n')], limit: 2 });
      await s.query({
        ...from('items', true),
        orderBy: [asc('__name__')],
        startAt: { values: [v(ref('g1/a/items/x/items/deep'))], before: false },
      });
      await s.query({ from: [{ allDescendants: true }] }, 'g1/a');
      await s.query({ ...from('items') });
    },
  },
  {
    name: 'projections (select) and masks',
    async run(s) {
      await seed(s, { 'p/a': { a: 1, b: { c: 2, d: 3 }, 'x.y': 4 }, 'p/b': { b: { c: 5 } } });
      await s.query({ ...from('p'), select: { fields: [{ fieldPath: 'a' }] } });
      await s.query({ ...from('p'), select: { fields: [{ fieldPath: 'b.c' }] } });
      await s.query({ ...from('p'), select: { fields: [{ fieldPath: '`x.y`' }] } });
      await s.query({ ...from('p'), select: { fields: [{ fieldPath: '__name__' }] } });
      await s.query({ ...from('p'), select: { fields: [] } });
      await s.call('GET', '/p/a?mask.fieldPaths=%60x.y%60&mask.fieldPaths=b.d');
    },
  },
  {
    name: 'field transforms',
    async run(s) {
      await s.set(
        't/a',
        fields({
          i: 1,
          d: dbl(1.5),
          s: 'text',
          big: raw({ integerValue: '9223372036854775807' }),
          arr: [1, 2],
        }),
      );
      const transform = (fieldPath: string, t: Json) => ({ fieldPath, ...t });
      const apply = (...transforms: Json[]) =>
        s.commit([{ transform: { document: name('t/a'), fieldTransforms: transforms } }]);
      await apply(transform('i', { increment: v(2) }));
      await apply(transform('i', { increment: v(dbl(0.5)) }));
      await apply(transform('d', { increment: v(1) }));
      await apply(transform('missing', { increment: v(3) }));
      await apply(transform('s', { increment: v(1) }));
      await apply(transform('big', { increment: v(1) }));
      await apply(transform('i', { maximum: v(100) }), transform('d', { minimum: v(-1) }));
      await apply(transform('newmax', { maximum: v(dbl(2)) }));
      await apply(transform('arr', { appendMissingElements: { values: [v(2), v(3), v(3)] } }));
      await apply(transform('arr', { removeAllFromArray: { values: [v(1), v(9)] } }));
      await apply(transform('s', { appendMissingElements: { values: [v(1)] } }));
      await apply(transform('at', { setToServerValue: 'REQUEST_TIME' }));
      await s.commit([
        {
          update: { name: name('t/b'), fields: fields({ x: 1 }) },
          updateTransforms: [transform('n', { increment: v(5) })],
        },
      ]);
      await s.commit([
        {
          transform: {
            document: name('t/none'),
            fieldTransforms: [transform('n', { increment: v(1) })],
          },
        },
      ]);
      await s.call('POST', ':batchGet', { documents: [name('t/a'), name('t/b'), name('t/none')] });
      await apply(transform('i', { increment: v('x') }));
      await apply(transform('i', { increment: v(1) }), transform('i', { increment: v(1) }));
    },
  },
  {
    name: 'transactions: read-write, read-only, rollback',
    async run(s) {
      await s.set('tx/a', fields({ n: 1 }));
      const begin = await s.call('POST', ':beginTransaction', {});
      const txn = begin.body?.transaction as string;
      await s.call('POST', ':batchGet', { documents: [name('tx/a')], transaction: txn });
      await s.query({ ...from('tx') }, '', { transaction: txn });
      await s.commit([update('tx/a', { n: 2 })], { transaction: txn });
      await s.commit([update('tx/a', { n: 3 })], { transaction: txn });
      const ro = await s.call('POST', ':beginTransaction', { options: { readOnly: {} } });
      const roTxn = ro.body?.transaction as string;
      await s.call('POST', ':batchGet', { documents: [name('tx/a')], transaction: roTxn });
      await s.commit([update('tx/a', { n: 4 })], { transaction: roTxn });
      const rb = await s.call('POST', ':beginTransaction', {});
      await s.call('POST', ':rollback', { transaction: rb.body?.transaction });
      await s.commit([update('tx/a', { n: 5 })], { transaction: rb.body?.transaction });
      await s.query({ ...from('tx') }, '', { newTransaction: {} });
      await s.call('POST', ':batchGet', { documents: [name('tx/a')], newTransaction: {} });
      await s.commit([update('tx/a', { n: 6 })], { transaction: 'bm90IGEgdHJhbnNhY3Rpb24=' });
      await s.call('GET', '/tx/a');
    },
  },
  {
    name: 'batchWrite: independent writes with a status each',
    async run(s) {
      await s.set('bw/exists', fields({ n: 1 }));
      await s.call('POST', ':batchWrite', {
        writes: [
          update('bw/a', { n: 1 }),
          update('bw/exists', { n: 2 }, { currentDocument: { exists: false } }),
          { delete: name('bw/exists') },
          update('bw/b', { n: 3 }, { currentDocument: { exists: true } }),
        ],
      });
      await s.call('POST', ':batchGet', {
        documents: [name('bw/a'), name('bw/b'), name('bw/exists')],
      });
      await s.call('POST', ':batchWrite', {
        writes: [update('bw/a', { n: 1 }), update('bw/a', { n: 2 })],
      });
    },
  },
  {
    name: 'aggregations: count, sum, avg',
    async run(s) {
      await seed(s, {
        'ag/a': {
          i: 1,
          d: dbl(1.5),
          mixed: 1,
          nan: dbl('NaN'),
          inf: dbl('Infinity'),
          big: raw({ integerValue: '9223372036854775807' }),
        },
        'ag/b': { i: 2, d: dbl(2.5), mixed: dbl(0.5), nan: 1, inf: dbl('-Infinity'), big: 1 },
        'ag/c': { i: 3, d: 'text', mixed: 'x' },
        'ag/e': { other: true },
      });
      const count = (alias: string, upTo?: number) => ({ alias, count: upTo ? { upTo } : {} });
      const sum = (alias: string, fieldPath: string) => ({ alias, sum: field(fieldPath) });
      const avg = (alias: string, fieldPath: string) => ({ alias, avg: field(fieldPath) });
      const q = from('ag');
      await s.aggregate(q, [count('c')]);
      await s.aggregate(q, [count('c', 2)]);
      await s.aggregate(q, [sum('s', 'i'), avg('a', 'i')]);
      await s.aggregate(q, [sum('s', 'd'), avg('a', 'd')]);
      await s.aggregate(q, [sum('s', 'mixed'), avg('a', 'mixed')]);
      await s.aggregate(q, [sum('s', 'nan')]);
      await s.aggregate(q, [sum('s', 'inf')]);
      await s.aggregate(q, [sum('s', 'big')]);
      await s.aggregate(q, [avg('a', 'missing')]);
      await s.aggregate(q, [sum('s', 'missing')]);
      await s.aggregate({ ...q, where: where('i', 'GREATER_THAN', 1) }, [
        count('c'),
        sum('s', 'i'),
      ]);
      await s.aggregate({ ...q, limit: 2 }, [count('c')]);
      await s.aggregate(q, [{ count: {} }, { sum: field('i') }]);
      await s.aggregate(from('empty'), [count('c'), sum('s', 'i'), avg('a', 'i')]);
      await s.call(
        'POST',
        ':runAggregationQuery',
        {
          structuredAggregationQuery: {
            structuredQuery: q,
            aggregations: ['a', 'b', 'c', 'd', 'e', 'f'].map((alias) => count(alias)),
          },
        },
        { label: 'six aggregations' },
      );
      await s.aggregate(q, [count('a'), count('a')]);
      await s.aggregate(q, [{ alias: 'x', sum: field('__name__') }]);
    },
  },
  {
    name: 'gap: sum / avg with count over documents lacking the field',
    async run(s) {
      await seed(s, {
        'g/a': { v: 50, w: 9 },
        'g/b': { v: 50, w: 1 },
        'g/c': { w: 1 },
        'g/d': { v: 'str' },
        'g/e': { v: null },
      });
      const c = { alias: 'c', count: {} };
      const sumOf = (f: string) => ({ alias: `s_${f}`, sum: field(f) });
      await s.aggregate(from('g'), [sumOf('v'), c]);
      await s.aggregate(from('g'), [{ alias: 'a', avg: field('v') }, c]);
      await s.aggregate(from('g'), [sumOf('v'), sumOf('w'), c]);
      await s.aggregate({ ...from('g'), limit: 2 }, [sumOf('v'), c]);
      await s.aggregate({ ...from('g'), limit: 1 }, [sumOf('w'), sumOf('v')]);
      await s.aggregate({ ...from('g'), limit: 1, orderBy: [desc('v')] }, [sumOf('w')]);
      await s.aggregate({ ...from('g'), where: where('w', 'GREATER_THAN', 0) }, [sumOf('v'), c]);
      await s.aggregate({ ...from('g'), limit: 1, orderBy: [asc('__name__')] }, [sumOf('w')]);
      await s.aggregate({ ...from('g'), limit: 1, orderBy: [asc('w'), desc('__name__')] }, [
        sumOf('w'),
      ]);
      await s.aggregate({ ...from('g'), limit: 2, orderBy: [desc('w')] }, [sumOf('v'), c]);
      await s.aggregate({ ...from('g'), where: where('w', 'IN', [1, 9]) }, [
        { alias: 'a', avg: field('v') },
        c,
      ]);
    },
  },
  {
    name: 'gap: vector values, their order and validation',
    async run(s) {
      await seed(s, {
        'vo/a': { e: vector(1, 2, 3) },
        'vo/b': { e: vector(1, 2) },
        'vo/c': { e: vector(5) },
        'vo/d': { e: [9] },
        'vo/e': { e: { a: 1 } },
        'vo/f': { e: vector(-1, 7) },
      });
      await s.query({ ...from('vo'), orderBy: [asc('e')] });
      await s.query({ ...from('vo'), orderBy: [desc('e')] });
      await s.query({ ...from('vo'), where: where('e', 'EQUAL', vector(1, 2)) });
      await s.query({ ...from('vo'), where: where('e', 'GREATER_THAN', vector(1, 2)) });
      const marked = (extra: Json) =>
        raw({ mapValue: { fields: { __type__: { stringValue: '__vector__' }, ...extra } } });
      for (const bad of [
        marked({ value: { arrayValue: {} } }),
        marked({ value: { arrayValue: { values: [{ integerValue: '1' }] } } }),
        marked({ value: { stringValue: 'x' } }),
        marked({}),
        marked({ value: { arrayValue: { values: [{ doubleValue: 1 }] } }, x: { nullValue: null } }),
      ]) {
        await s.set('vo/bad', { e: v(bad) });
      }
      await s.set('vo/bad', { e: v([vector(1)]) });
      await s.set('vo/nested', { e: v({ inner: vector(1) }) });
      await s.call('GET', '/vo/bad');
    },
  },
  {
    name: 'gap: findNearest',
    async run(s) {
      await seed(s, {
        'fn/a': { o: vector(3, 0, 0), k: 1 },
        'fn/b': { o: vector(2, 2, 0), k: 2 },
        'fn/c': { o: vector(1, 1, 1), k: 1 },
        'fn/d': { o: vector(0, 1, 0), k: 2 },
        'fn/e': { o: vector(1, 2) },
        'fn/f': { o: 'not a vector' },
        'fn/g': { o: vector(1, 0, 0.5), dist: 'overwritten' },
      });
      const nearest = (findNearest: Json, extra: Json = {}) =>
        s.query({
          ...from('fn'),
          ...extra,
          findNearest: {
            vectorField: { fieldPath: 'o' },
            queryVector: v(vector(1, 0, 0)),
            ...findNearest,
          },
        });
      for (const distanceMeasure of ['EUCLIDEAN', 'COSINE', 'DOT_PRODUCT']) {
        await nearest({ distanceMeasure, limit: 10, distanceResultField: 'dist' });
        await nearest({ distanceMeasure, limit: 2 });
        await nearest({ distanceMeasure, limit: 10, distanceThreshold: 1.2 });
      }
      await nearest({ distanceMeasure: 'EUCLIDEAN', limit: 3 }, { where: where('k', 'EQUAL', 2) });
      await nearest({ distanceMeasure: 'EUCLIDEAN', limit: 2 }, { orderBy: [desc('o')] });
      await nearest(
        { distanceMeasure: 'EUCLIDEAN', limit: 2, distanceResultField: 'dist' },
        { select: { fields: [{ fieldPath: 'k' }] } },
      );
      await nearest({
        distanceMeasure: 'COSINE',
        limit: 5,
        queryVector: v(vector(0, 0, 0)),
        distanceResultField: 'dist',
      });
      await s.query({
        ...from('fn', true),
        findNearest: {
          vectorField: { fieldPath: 'o' },
          queryVector: v(vector(1, 0, 0)),
          distanceMeasure: 'EUCLIDEAN',
          limit: 3,
        },
      });
      await s.aggregate(
        {
          ...from('fn'),
          findNearest: {
            vectorField: { fieldPath: 'o' },
            queryVector: v(vector(1, 0, 0)),
            distanceMeasure: 'EUCLIDEAN',
            limit: 3,
          },
        },
        [{ alias: 'c', count: {} }],
      );
      // Refusals.
      await nearest({ distanceMeasure: 'EUCLIDEAN', limit: 2 }, { limit: 3 });
      await nearest({ distanceMeasure: 'EUCLIDEAN', limit: 2 }, { offset: 1 });
      await nearest({ distanceMeasure: 'EUCLIDEAN', limit: 2 }, { startAt: { values: [v(1)] } });
      await nearest({ distanceMeasure: 'EUCLIDEAN', limit: 0 });
      await nearest({ distanceMeasure: 'EUCLIDEAN', limit: 1001 });
      await nearest({ limit: 2 });
      await nearest({ distanceMeasure: 'EUCLIDEAN', limit: 2, queryVector: v([1]) });
      await nearest({ distanceMeasure: 'EUCLIDEAN', limit: 2, distanceResultField: '__d__' });
      await nearest({
        distanceMeasure: 'EUCLIDEAN',
        limit: 2,
        queryVector: v(vector(...Array<number>(2049).fill(1))),
      });
    },
  },
  {
    name: 'gap: admin-only ListCollectionIds and BatchWrite',
    async run(s) {
      await s.set('adm/a', fields({ n: 1 }));
      for (const auth of [userToken('u1'), null]) {
        await s.call('POST', ':listCollectionIds', {}, { auth });
        await s.call('POST', '/adm/a:listCollectionIds', {}, { auth });
        await s.call('POST', ':batchWrite', { writes: [update('adm/b', { n: 2 })] }, { auth });
      }
      await s.call('GET', '/adm/b');
      // Ordinary reads and writes by a non-admin caller with no rules loaded.
      await s.call('GET', '/adm/a', undefined, { auth: userToken('u1') });
      await s.call('POST', ':commit', { writes: [update('adm/c', { n: 3 })] }, { auth: null });
    },
  },
  {
    name: 'gap: disjunctions after normalisation',
    async run(s) {
      await seed(s, { 'dj/a': { a: 1, b: 2 } });
      const inList = (f: string, n: number) =>
        where(
          f,
          'IN',
          Array.from({ length: n }, (_, i) => i),
        );
      const ors = (f: string, n: number) =>
        or(...Array.from({ length: n }, (_, i) => where(f, 'EQUAL', i)));
      const any = (f: string) => where(f, 'ARRAY_CONTAINS_ANY', [1, 2]);
      for (const filter of [
        ors('a', 30),
        ors('a', 31),
        and(inList('a', 6), inList('b', 6)),
        and(inList('a', 5), inList('b', 6)),
        and(ors('a', 4), ors('b', 8)),
        and(ors('a', 4), ors('a', 8)),
        and(inList('a', 6), inList('a', 6), inList('a', 6)),
        or(...Array<Json>(31).fill(where('a', 'EQUAL', 0))),
        and(inList('a', 6), inList('b', 6), where('a', 'EQUAL', 0)),
        and(any('a'), inList('b', 6)),
        and(any('a'), any('b')),
        or(any('a'), any('b')),
        and(or(where('a', 'EQUAL', 1), where('a', 'GREATER_THAN', 2)), inList('b', 16)),
        inList('a', 31),
      ]) {
        await s.query({ ...from('dj'), where: filter });
      }
    },
  },
  {
    name: 'gap: timestamp precision of stored values and write times',
    async run(s) {
      await s.set(
        'tp/a',
        fields({ t: ts('2020-01-01T00:00:00.123456789Z'), u: ts('2020-01-01T00:00:00.1234567Z') }),
      );
      await s.call('GET', '/tp/a');
      const q = (op: string, text: string) =>
        s.query({ ...from('tp'), where: where('t', op, ts(text)) });
      await q('EQUAL', '2020-01-01T00:00:00.123456789Z');
      await q('EQUAL', '2020-01-01T00:00:00.123456Z');
      await q('LESS_THAN', '2020-01-01T00:00:00.123456789Z');
      await s.query({
        ...from('tp'),
        orderBy: [asc('t')],
        startAt: { values: [v(ts('2020-01-01T00:00:00.123456500Z'))], before: true },
      });
      // Write times: microseconds that are not just a millisecond time bumped by a counter.
      const micros: number[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await s.set(`tp/w${i}`, {});
        const fraction = /\.(\d+)Z$/.exec(String(res.body?.commitTime))?.[1] ?? '';
        micros.push(Number(fraction.padEnd(9, '0').slice(3, 6)));
      }
      s.record(
        'write times carry microseconds',
        micros.some((m) => m > 20),
      );
    },
  },
  {
    name: 'limits: ids, field names, nesting, sizes, writes per commit',
    async run(s) {
      const nested = (depth: number): unknown => (depth === 0 ? 1 : { m: nested(depth - 1) });
      await s.set(`lim/${'i'.repeat(1500)}`, fields({ n: 1 }));
      await s.set(`lim/${'i'.repeat(1501)}`, fields({ n: 1 }));
      await s.set('lim/.', fields({ n: 1 }));
      await s.set('lim/..', fields({ n: 1 }));
      await s.set('lim/__x__', fields({ n: 1 }));
      await s.set('lim/a', fields({ ['f'.repeat(1500)]: 1 }));
      await s.set('lim/b', fields({ ['f'.repeat(1501)]: 1 }));
      await s.set('lim/c', fields({ deep: nested(19) }));
      await s.set('lim/d', fields({ deep: nested(20) }));
      await s.set('lim/e', fields({ deep: nested(21) }));
      await s.set('lim/f', fields({ s: 'x'.repeat(1_048_487) }));
      await s.commit(Array.from({ length: 500 }, (_, i) => update(`many/d${i}`, { i })));
      await s.commit(Array.from({ length: 501 }, (_, i) => update(`many/e${i}`, { i })));
      await s.aggregate(from('many'), [{ alias: 'c', count: {} }]);
    },
  },
  {
    name: 'documents: list pages, field deletes through the mask, preconditions on transforms',
    async run(s) {
      await seed(s, { 'pg/a': { n: 1, x: 1 }, 'pg/b': { n: 2 }, 'pg/c': { n: 3 } });
      const first = await s.call('GET', '/pg?pageSize=2');
      await s.call(
        'GET',
        `/pg?pageSize=2&pageToken=${encodeURIComponent(first.body?.nextPageToken ?? '')}`,
        undefined,
        { label: 'GET /pg, second page' },
      );
      await s.call('PATCH', '/pg/a?updateMask.fieldPaths=x&updateMask.fieldPaths=missing', {
        fields: {},
      });
      await s.call('GET', '/pg/a');
      const transform = (extra: Json) =>
        s.commit([
          {
            transform: {
              document: name('pg/b'),
              fieldTransforms: [{ fieldPath: 'n', increment: v(1) }],
            },
            ...extra,
          },
        ]);
      await transform({ currentDocument: { exists: true } });
      await transform({ currentDocument: { exists: false } });
      await s.call('GET', '/pg/b');
    },
  },
  {
    name: 'errors: bad requests',
    async run(s) {
      await seed(s, { 'e/a': { n: 1 } });
      await s.call('GET', '/e');
      await s.call('GET', '/e/a/b');
      await s.set('e/__bad__', fields({ n: 1 }));
      await s.set('e/b', { __reserved__: v(1) });
      await s.set('e/b', fields({ m: raw({ mapValue: { fields: { __x__: v(1) } } }) }));
      await s.set('e/b', fields({ l: [raw({ mapValue: { fields: { __x__: v(1) } } })] }));
      await s.commit([update('e/b', { m: 1 }, { updateMask: { fieldPaths: ['m.__x__'] } })]);
      await s.commit([
        {
          transform: {
            document: name('e/b'),
            fieldTransforms: [{ fieldPath: 'm.__x__', increment: v(1) }],
          },
        },
      ]);
      // Lone surrogates sent as JSON escapes are stored as '?' (values, field names, ids).
      await s.set('e/lone', { s: v('a\ud83d'), ['k\udc00']: v('\ude00b') });
      await s.call('GET', '/e/lone');
      await s.set('e/id\ud83d', fields({ n: 1 }));
      await s.call('GET', '/e/id%3F');
      await s.set('e/b', { bad: { integerValue: 'x' } });
      await s.set('e/b', { nested: v([raw({ arrayValue: { values: [] } })]) });
      await s.set('e/big', fields({ s: 'x'.repeat(1_048_600) }));
      await s.query({
        ...from('e'),
        where: where(
          'n',
          'IN',
          Array.from({ length: 31 }, (_, i) => i),
        ),
      });
      await s.query({
        ...from('e'),
        where: where(
          'n',
          'NOT_IN',
          Array.from({ length: 11 }, (_, i) => i),
        ),
      });
      await s.query({
        ...from('e'),
        where: and(where('n', 'NOT_IN', [1]), where('m', 'NOT_IN', [2])),
      });
      await s.query({
        ...from('e'),
        where: and(where('n', 'NOT_IN', [1]), where('m', 'NOT_EQUAL', 2)),
      });
      await s.query({ ...from('e'), where: and(where('n', 'NOT_IN', [1]), where('m', 'IN', [2])) });
      await s.query({ ...from('e'), where: where('n', 'IN', []) });
      await s.query({ ...from('e'), orderBy: [asc('n'), asc('n')] });
      await s.query({ ...from('e'), limit: -1 });
      await s.query({ ...from('e'), offset: -1 });
      await s.query({ from: [{ collectionId: 'a' }, { collectionId: 'b' }] });
      await s.query({
        ...from('e'),
        where: { fieldFilter: { ...field('n'), op: 'BOGUS', value: v(1) } },
      });
      await s.query({ ...from('e'), where: where('__name__', 'EQUAL', 'e/a') });
      await s.query({ ...from('e'), where: where('__name__', 'ARRAY_CONTAINS', ref('e/a')) });
      await s.query({
        ...from('e'),
        where: where('n', 'ARRAY_CONTAINS', 1),
        orderBy: [asc('__name__'), asc('n')],
      });
      await s.call('POST', ':batchGet', { documents: [] });
      await s.call(
        'POST',
        ':batchGet',
        { documents: ['projects/other/databases/(default)/documents/e/a'] },
        { label: 'batchGet of a document in another project' },
      );
      await s.call('POST', ':commit', { writes: [{ update: { name: `${ROOT}/e` } }] });
      await s.call('POST', ':commit', { writes: [{}] });
      await s.call('POST', ':rollback', {});
      await s.call('GET', '/e/a?mask.fieldPaths=a..b');
    },
  },
  ...listenCases,
  ...sdkCases,
];
