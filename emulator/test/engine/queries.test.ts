import assert from 'node:assert/strict';
import type { FieldFilterOperator } from '../../src/firestore/protocol/messages.js';
import { GrpcCode, type JsonObject as Json } from '../../src/firestore/service.js';
import type { FirestoreEngine } from '../../src/firestore/engine/index.js';
import { ROOT, doc, newEngine, owner, query, raw, rejects, set, v } from './helpers.js';

const from = [{ collectionId: 'items' }];
const field = (fieldPath: string, op: FieldFilterOperator, value: unknown) => ({
  fieldFilter: { field: { fieldPath }, op, value: v(value) },
});
const unary = (fieldPath: string, op: string) => ({ unaryFilter: { field: { fieldPath }, op } });
const asc = (fieldPath: string) => ({ field: { fieldPath } });
const desc = (fieldPath: string) => ({ field: { fieldPath }, direction: 'DESCENDING' });

async function seed(): Promise<FirestoreEngine> {
  const e = newEngine();
  await set(e, 'items/a', { n: 1, tags: ['red', 'blue'], s: 'apple' });
  await set(e, 'items/b', { n: 2, tags: ['green'], s: 'banana' });
  await set(e, 'items/c', { n: 3.5, tags: [], s: null });
  await set(e, 'items/d', { n: raw({ doubleValue: 'NaN' }), s: 'date' });
  await set(e, 'items/e', { n: null, tags: ['red'] });
  await set(e, 'items/f', { other: true });
  return e;
}

describe('engine: queries', () => {
  let e: FirestoreEngine;
  before(async () => {
    e = await seed();
  });
  const where = (filter: Json) => query(e, { from, where: filter });

  it('evaluates every field filter operator', async () => {
    assert.deepEqual(await where(field('n', 'EQUAL', 2)), ['items/b']);
    assert.deepEqual(await where(field('n', 'NOT_EQUAL', 2)), ['items/d', 'items/a', 'items/c']);
    assert.deepEqual(await where(field('n', 'LESS_THAN', 2)), ['items/a']);
    assert.deepEqual(await where(field('n', 'LESS_THAN_OR_EQUAL', 2)), ['items/a', 'items/b']);
    assert.deepEqual(await where(field('n', 'GREATER_THAN', 1)), ['items/b', 'items/c']);
    assert.deepEqual(await where(field('n', 'GREATER_THAN_OR_EQUAL', 1)), [
      'items/a',
      'items/b',
      'items/c',
    ]);
    assert.deepEqual(await where(field('tags', 'ARRAY_CONTAINS', 'red')), ['items/a', 'items/e']);
    assert.deepEqual(await where(field('tags', 'ARRAY_CONTAINS_ANY', ['green', 'blue'])), [
      'items/a',
      'items/b',
    ]);
    assert.deepEqual(await where(field('n', 'IN', [1, 3.5, 'x'])), ['items/a', 'items/c']);
    assert.deepEqual(await where(field('n', 'NOT_IN', [1, 2])), ['items/d', 'items/c']);
    assert.deepEqual(await where(field('s', 'GREATER_THAN', 'b')), ['items/b', 'items/d']);
  });

  it('evaluates unary filters; NOT_EQUAL and NOT_IN skip missing fields and null', async () => {
    assert.deepEqual(await where(unary('n', 'IS_NAN')), ['items/d']);
    assert.deepEqual(await where(unary('n', 'IS_NULL')), ['items/e']);
    assert.deepEqual(await where(unary('n', 'IS_NOT_NAN')), ['items/a', 'items/b', 'items/c']);
    assert.deepEqual(await where(unary('n', 'IS_NOT_NULL')), [
      'items/d',
      'items/a',
      'items/b',
      'items/c',
    ]);
    assert.deepEqual(await where(field('s', 'NOT_IN', ['apple'])), ['items/b', 'items/d']);
  });

  it('combines filters with nested AND and OR', async () => {
    const filter = {
      compositeFilter: {
        op: 'OR',
        filters: [
          {
            compositeFilter: {
              op: 'AND',
              filters: [field('n', 'GREATER_THAN', 1), field('tags', 'ARRAY_CONTAINS', 'green')],
            },
          },
          field('s', 'EQUAL', 'date'),
        ],
      },
    };
    // The inequality on n orders the result by n (NaN first).
    assert.deepEqual(await where(filter), ['items/d', 'items/b']);
  });

  it('orders by fields with __name__ as tie-breaker and skips documents lacking an ordered field', async () => {
    assert.deepEqual(await query(e, { from, orderBy: [desc('tags')] }), [
      'items/a',
      'items/e',
      'items/b',
      'items/c',
    ]);
    assert.deepEqual(await query(e, { from, orderBy: [asc('n')] }), [
      'items/e',
      'items/d',
      'items/a',
      'items/b',
      'items/c',
    ]);
    assert.deepEqual(await query(e, { from, orderBy: [desc('__name__')], limit: 2 }), [
      'items/f',
      'items/e',
    ]);
  });

  it('applies cursors with before flags, offsets and limits', async () => {
    const order = [asc('n')];
    const q = (extra: Json) =>
      query(e, { from, orderBy: order, where: unary('n', 'IS_NOT_NAN'), ...extra });
    assert.deepEqual(await q({ startAt: { values: [v(2)], before: true } }), [
      'items/b',
      'items/c',
    ]);
    assert.deepEqual(await q({ startAt: { values: [v(2)], before: false } }), ['items/c']);
    assert.deepEqual(await q({ endAt: { values: [v(2)], before: true } }), ['items/a']);
    assert.deepEqual(await q({ endAt: { values: [v(2)], before: false } }), ['items/a', 'items/b']);
    assert.deepEqual(await q({ offset: 1, limit: 1 }), ['items/b']);
    // A cursor value for __name__ needs __name__ in the explicit orderBy (as the SDKs send it).
    assert.deepEqual(
      await q({
        orderBy: [asc('n'), asc('__name__')],
        startAt: { values: [v(2), { referenceValue: doc('items/b') }], before: false },
      }),
      ['items/c'],
    );
  });

  it('adds inequality fields to the implicit order', async () => {
    const e2 = newEngine();
    await set(e2, 'p/x', { a: 2, b: 1 });
    await set(e2, 'p/y', { a: 1, b: 2 });
    const q = { from: [{ collectionId: 'p' }], where: field('a', 'GREATER_THAN', 0) };
    assert.deepEqual(await query(e2, q), ['p/y', 'p/x']);
    // Cursors position on the explicit orderBy only (as the official emulator requires).
    await rejects(
      query(e2, { ...q, startAt: { values: [v(2)], before: true } }),
      GrpcCode.INVALID_ARGUMENT,
      /Cursor has too many values/,
    );
    const ordered = { ...q, orderBy: [asc('a')], startAt: { values: [v(2)], before: true } };
    assert.deepEqual(await query(e2, ordered), ['p/x']);
  });

  it('runs collection-group and parent-scoped queries', async () => {
    const e2 = newEngine();
    await set(e2, 'users/u1/posts/p1', { n: 1 });
    await set(e2, 'users/u2/posts/p2', { n: 2 });
    await set(e2, 'posts/p3', { n: 3 });
    await set(e2, 'users/u1/drafts/posts', { n: 4 });
    const group = { from: [{ collectionId: 'posts', allDescendants: true }], orderBy: [asc('n')] };
    assert.deepEqual(await query(e2, group), [
      'users/u1/posts/p1',
      'users/u2/posts/p2',
      'posts/p3',
    ]);
    assert.deepEqual(await query(e2, group, doc('users/u1')), ['users/u1/posts/p1']);
    assert.deepEqual(await query(e2, { from: [{ collectionId: 'posts' }] }, doc('users/u2')), [
      'users/u2/posts/p2',
    ]);
  });

  it('runs kindless descendant queries bounded by numeric-id names, as recursive deletes do', async () => {
    const e2 = newEngine();
    for (const path of [
      'del/ABC',
      'del/123',
      'del/abc',
      'del/abc/sub/x',
      'del/ghost/deep/y',
      'delx/no',
      'aaa/no',
      'de/no',
    ])
      await set(e2, path, {});
    const min = '__id-9223372036854775808__';
    const names = await query(e2, {
      from: [{ allDescendants: true }],
      select: { fields: [{ fieldPath: '__name__' }] },
      where: {
        compositeFilter: {
          op: 'AND',
          filters: [
            {
              fieldFilter: {
                field: { fieldPath: '__name__' },
                op: 'GREATER_THAN_OR_EQUAL',
                value: { referenceValue: doc(`del/${min}`) },
              },
            },
            {
              fieldFilter: {
                field: { fieldPath: '__name__' },
                op: 'LESS_THAN',
                value: { referenceValue: doc(`del\u0000/${min}`) },
              },
            },
          ],
        },
      },
      limit: 100,
    });
    assert.deepEqual(names, ['del/123', 'del/ABC', 'del/abc', 'del/abc/sub/x', 'del/ghost/deep/y']);
  });

  it('projects selected fields', async () => {
    const res = await e.runQuery(owner, {
      parent: ROOT,
      structuredQuery: {
        from,
        select: { fields: [{ fieldPath: 's' }] },
        where: field('n', 'EQUAL', 1),
      },
    });
    assert.deepEqual((res[0]!.document as Json).fields, { s: v('apple') });
    const names = await e.runQuery(owner, {
      parent: ROOT,
      structuredQuery: { from, select: { fields: [{ fieldPath: '__name__' }] }, limit: 1 },
    });
    assert.deepEqual((names[0]!.document as Json).fields, {});
  });

  it('returns a single response with a read time when nothing matches', async () => {
    const res = await e.runQuery(owner, {
      parent: ROOT,
      structuredQuery: { from: [{ collectionId: 'nothing' }] },
    });
    assert.equal(res.length, 1);
    assert.ok(res[0]!.readTime && !res[0]!.document);
  });

  it('rejects invalid queries with INVALID_ARGUMENT and a clear message', async () => {
    const bad = (sq: Json, message: RegExp) =>
      rejects(
        e.runQuery(owner, { parent: ROOT, structuredQuery: sq }),
        GrpcCode.INVALID_ARGUMENT,
        message,
      );
    await bad({ from, where: field('n', 'IN', []) }, /non-empty array of at most 30/);
    await bad(
      {
        from,
        where: field(
          'n',
          'ARRAY_CONTAINS_ANY',
          Array.from({ length: 31 }, (_, i) => i),
        ),
      },
      /at most 30/,
    );
    await bad(
      {
        from,
        where: field(
          'n',
          'NOT_IN',
          Array.from({ length: 11 }, (_, i) => i),
        ),
      },
      /at most 10/,
    );
    await bad(
      { from, orderBy: [asc('n')], startAt: { values: [v(1), v(2), v(3)] } },
      /Cursor has too many values/,
    );
    await bad({ from: [] }, /exactly one collection/);
    await bad({ from, where: field('a..b', 'EQUAL', 1) }, /invalid field path/);
    await bad({ from: [{ collectionId: '__x__' }] }, /reserved/);
    await bad(
      { from, where: { fieldFilter: { field: { fieldPath: 'n' }, op: 'LIKE', value: v(1) } } },
      /unknown field filter operator/,
    );
    await bad({ from, limit: -1 }, /limit/);
    await bad(
      {
        from,
        where: {
          compositeFilter: {
            op: 'AND',
            filters: [field('a', 'NOT_IN', [1]), field('b', 'NOT_EQUAL', 1)],
          },
        },
      },
      /NOT_IN/,
    );
    await rejects(
      e.runQuery(owner, { parent: `${ROOT}/items`, structuredQuery: { from } }),
      GrpcCode.INVALID_ARGUMENT,
      /parent/,
    );
  });
});

describe('engine: aggregations', () => {
  it('counts (with upTo), sums and averages with int/double rules', async () => {
    const e = newEngine();
    await set(e, 'm/a', { x: 1, y: 1.5 });
    await set(e, 'm/b', { x: 2, y: 'text' });
    await set(e, 'm/c', { x: 3, y: null });
    await set(e, 'm/d', { z: 1 });
    const [res] = await e.runAggregationQuery(owner, {
      parent: ROOT,
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: 'm' }] },
        aggregations: [
          { alias: 'count', count: {} },
          { alias: 'upTo', count: { upTo: '2' } },
          { alias: 'sumX', sum: { field: { fieldPath: 'x' } } },
          { alias: 'sumY', sum: { field: { fieldPath: 'y' } } },
          { alias: 'avgX', avg: { field: { fieldPath: 'x' } } },
        ],
      },
    });
    // With sum/avg in the request only documents having x and y take part (m/d lacks both).
    assert.deepEqual((res!.result as Json).aggregateFields, {
      count: { integerValue: '3' },
      upTo: { integerValue: '2' },
      sumX: { integerValue: '6' },
      sumY: { doubleValue: 1.5 },
      avgX: { doubleValue: 2 },
    });
  });

  it('returns null for the average of nothing, NaN when NaN is summed, and a double on int64 overflow', async () => {
    const e = newEngine();
    await set(e, 'm/a', {
      big: raw({ integerValue: '9223372036854775807' }),
      n: raw({ doubleValue: 'NaN' }),
    });
    await set(e, 'm/b', { big: 1, n: 1 });
    const [res] = await e.runAggregationQuery(owner, {
      parent: ROOT,
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: 'm' }] },
        aggregations: [
          { alias: 'nan', sum: { field: { fieldPath: 'n' } } },
          { alias: 'big', sum: { field: { fieldPath: 'big' } } },
        ],
      },
    });
    const [nothing] = await e.runAggregationQuery(owner, {
      parent: ROOT,
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: 'm' }] },
        aggregations: [{ alias: 'none', avg: { field: { fieldPath: 'missing' } } }],
      },
    });
    assert.deepEqual(((nothing!.result as Json).aggregateFields as Json).none, {
      nullValue: 'NULL_VALUE',
    });
    const f = (res!.result as Json).aggregateFields as Record<string, Json>;
    assert.deepEqual(f.nan, { doubleValue: 'NaN' });
    assert.equal(f.big!.doubleValue, 9223372036854775808);
  });

  it('rejects duplicate aliases and empty aggregation lists', async () => {
    const e = newEngine();
    const run = (aggregations: unknown) =>
      e.runAggregationQuery(owner, {
        parent: ROOT,
        structuredAggregationQuery: {
          structuredQuery: { from: [{ collectionId: 'm' }] },
          aggregations: aggregations as never,
        },
      });
    await rejects(run([]), GrpcCode.INVALID_ARGUMENT, /at least one/);
    await rejects(
      run([
        { alias: 'a', count: {} },
        { alias: 'a', count: {} },
      ]),
      GrpcCode.INVALID_ARGUMENT,
      /duplicate/,
    );
    await rejects(run([{ alias: 'a', count: { upTo: 0 } }]), GrpcCode.INVALID_ARGUMENT, /upTo/);
  });
});
