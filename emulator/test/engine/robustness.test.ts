import assert from 'node:assert/strict';
import {
  FirestoreApiError,
  GrpcCode,
  type JsonObject as Json,
} from '../../src/firestore/service.js';
import {
  DATABASE,
  ROOT,
  RecordingSink,
  doc,
  fields,
  newEngine,
  owner,
  rejects,
  set,
  v,
} from './helpers.js';

describe('engine: malformed requests', () => {
  it('answers every malformed request with INVALID_ARGUMENT and leaves the data unchanged', async () => {
    const e = newEngine();
    await set(e, 'keep/a', { n: 1 });
    await set(e, 'keep/b', { s: 'x' });
    const snapshot = async () =>
      (
        await e.runQuery(owner, {
          parent: ROOT,
          structuredQuery: { from: [{ collectionId: 'keep' }] },
        })
      ).map((r) => r.document);
    const before = await snapshot();
    const big = 'x'.repeat(1_048_577);
    const goodWrite = { update: { name: doc('keep/new'), fields: fields({ n: 1 }) } };
    const calls: [string, () => Promise<unknown>][] = [
      ['get: no name', () => e.getDocument(owner, {})],
      ['get: collection name', () => e.getDocument(owner, { name: `${ROOT}/keep` })],
      [
        'get: bad mask',
        () => e.getDocument(owner, { name: doc('keep/a'), mask: { fieldPaths: ['a..b'] } }),
      ],
      [
        'get: bad readTime',
        () => e.getDocument(owner, { name: doc('keep/a'), readTime: 'yesterday' }),
      ],
      [
        'list: bad page size',
        () =>
          e.listDocuments(owner, { parent: ROOT, collectionId: 'keep', pageSize: 'x' as never }),
      ],
      [
        'list: bad page token',
        () => e.listDocuments(owner, { parent: ROOT, collectionId: 'keep', pageToken: '!!' }),
      ],
      [
        'create: reserved id',
        () =>
          e.createDocument(owner, {
            parent: ROOT,
            collectionId: 'keep',
            documentId: '__bad__',
            document: {},
          }),
      ],
      [
        'create: bad collection',
        () => e.createDocument(owner, { parent: ROOT, collectionId: 'a/b', document: {} }),
      ],
      ['update: no document', () => e.updateDocument(owner, {})],
      [
        'update: bad value',
        () =>
          e.updateDocument(owner, {
            document: { name: doc('keep/a'), fields: { n: { integerValue: 'x' } } },
          }),
      ],
      [
        'update: reserved field',
        () =>
          e.updateDocument(owner, { document: { name: doc('keep/a'), fields: { __x__: v(1) } } }),
      ],
      [
        'update: long field name',
        () =>
          e.updateDocument(owner, {
            document: { name: doc('keep/a'), fields: { ['f'.repeat(1501)]: v(1) } },
          }),
      ],
      [
        'update: too big',
        () =>
          e.updateDocument(owner, { document: { name: doc('keep/a'), fields: fields({ big }) } }),
      ],
      ['delete: bad name', () => e.deleteDocument(owner, { name: 'projects/x' })],
      [
        'batchGet: not an array',
        () => e.batchGetDocuments(owner, { database: DATABASE, documents: 'keep/a' as never }),
      ],
      [
        'batchGet: other database',
        () =>
          e.batchGetDocuments(owner, {
            database: DATABASE,
            documents: ['projects/o/databases/(default)/documents/a/b'],
          }),
      ],
      [
        'begin: bad options',
        () =>
          e.beginTransaction(owner, {
            database: DATABASE,
            options: { readOnly: {}, readWrite: {} },
          }),
      ],
      ['commit: no database', () => e.commit(owner, { writes: [goodWrite] })],
      [
        'commit: two operations',
        () =>
          e.commit(owner, {
            database: DATABASE,
            writes: [
              goodWrite,
              { update: { name: doc('keep/a'), fields: {} }, delete: doc('keep/a') },
            ],
          }),
      ],
      [
        'commit: bad transform',
        () =>
          e.commit(owner, {
            database: DATABASE,
            writes: [
              goodWrite,
              {
                transform: {
                  document: doc('keep/a'),
                  fieldTransforms: [{ fieldPath: 'n', increment: v('one') }],
                },
              },
            ],
          }),
      ],
      [
        'commit: mask on delete',
        () =>
          e.commit(owner, {
            database: DATABASE,
            writes: [goodWrite, { delete: doc('keep/a'), updateMask: { fieldPaths: ['n'] } }],
          }),
      ],
      [
        'commit: nested arrays',
        () =>
          e.commit(owner, {
            database: DATABASE,
            writes: [
              goodWrite,
              {
                update: {
                  name: doc('keep/a'),
                  fields: { a: { arrayValue: { values: [{ arrayValue: {} }] } } },
                },
              },
            ],
          }),
      ],
      [
        'commit: bad precondition',
        () =>
          e.commit(owner, {
            database: DATABASE,
            writes: [
              goodWrite,
              { delete: doc('keep/a'), currentDocument: { exists: 'yes' as never } },
            ],
          }),
      ],
      [
        'commit: reserved mask field',
        () =>
          e.commit(owner, {
            database: DATABASE,
            writes: [
              goodWrite,
              {
                update: { name: doc('keep/a'), fields: {} },
                updateMask: { fieldPaths: ['__name__'] },
              },
            ],
          }),
      ],
      [
        'commit: reserved transform field',
        () =>
          e.commit(owner, {
            database: DATABASE,
            writes: [
              {
                transform: {
                  document: doc('keep/a'),
                  fieldTransforms: [{ fieldPath: '__x__', setToServerValue: 'REQUEST_TIME' }],
                },
              },
            ],
          }),
      ],
      [
        'commit: unknown transaction',
        () => e.commit(owner, { database: DATABASE, transaction: 'AAAA', writes: [goodWrite] }),
      ],
      [
        'commit: too big',
        () =>
          e.commit(owner, {
            database: DATABASE,
            writes: [goodWrite, { update: { name: doc('keep/a'), fields: fields({ big }) } }],
          }),
      ],
      ['rollback: missing transaction', () => e.rollback(owner, { database: DATABASE })],
      ['runQuery: no query', () => e.runQuery(owner, { parent: ROOT })],
      [
        'runQuery: bad filter',
        () =>
          e.runQuery(owner, {
            parent: ROOT,
            structuredQuery: { from: [{ collectionId: 'keep' }], where: { fieldFilter: {} } },
          }),
      ],
      [
        'aggregation: no aggregations',
        () =>
          e.runAggregationQuery(owner, {
            parent: ROOT,
            structuredAggregationQuery: { structuredQuery: { from: [{ collectionId: 'keep' }] } },
          }),
      ],
      [
        'listCollectionIds: bad parent',
        () => e.listCollectionIds(owner, { parent: `${ROOT}/keep` }),
      ],
      [
        'batchWrite: bad write',
        () =>
          e.batchWrite(owner, {
            database: DATABASE,
            writes: [goodWrite, { nothing: true } as never],
          }),
      ],
      [
        'batchWrite: same doc twice',
        () => e.batchWrite(owner, { database: DATABASE, writes: [goodWrite, goodWrite] }),
      ],
    ];
    for (const [label, call] of calls) {
      try {
        await call();
        assert.fail(`${label}: expected an error`);
      } catch (err) {
        assert.ok(err instanceof FirestoreApiError, `${label}: threw ${String(err)}`);
        assert.equal(err.code, GrpcCode.INVALID_ARGUMENT, `${label}: ${err.message}`);
        assert.ok(err.message.length > 10, `${label}: message says what is wrong`);
      }
    }
    // Streams fail with INVALID_ARGUMENT too.
    const listen = new RecordingSink();
    e.openListen(owner, listen).receive({ addTarget: {} });
    assert.equal(listen.error?.code, GrpcCode.INVALID_ARGUMENT);
    const write = new RecordingSink();
    const ws = e.openWrite(owner, write);
    ws.receive({ database: DATABASE });
    ws.receive({ writes: [goodWrite, { update: { name: 'bad' } }] });
    assert.equal(write.error?.code, GrpcCode.INVALID_ARGUMENT);
    // An invalid listen query is refused on its own target.
    const target = new RecordingSink();
    e.openListen(owner, target).receive({
      database: DATABASE,
      addTarget: { targetId: 2, query: { parent: ROOT, structuredQuery: { from: [] } } },
    });
    assert.equal(
      ((target.responses[0]!.targetChange as Json).cause as Json).code,
      GrpcCode.INVALID_ARGUMENT,
    );

    assert.deepEqual(await snapshot(), before);
    assert.equal(before.length, 2);
  });
});

describe('engine: fuzzed requests', () => {
  /** Deterministic PRNG so a failure reproduces. */
  function rng(seed: number): () => number {
    return () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
  }
  const JUNK: unknown[] = [
    null,
    undefined,
    0,
    -1,
    1.5,
    NaN,
    '',
    'x',
    '__x__',
    'a/b',
    [],
    [1],
    {},
    { a: 1 },
    true,
    'NaN',
    '9999999999999999999999',
  ];

  function mutate(value: unknown, random: () => number): unknown {
    if (random() < 0.15) return JUNK[Math.floor(random() * JUNK.length)];
    if (Array.isArray(value)) return value.map((x) => mutate(x, random));
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, mutate(x, random)]));
    }
    return value;
  }

  it('never throws anything but FirestoreApiError for mutated requests, and never half-applies a commit', async () => {
    const e = newEngine();
    await set(e, 'f/a', { n: 1, arr: [1, 2], m: { x: 'y' } });
    const valid: [keyof typeof e, Json][] = [
      ['getDocument', { name: doc('f/a'), mask: { fieldPaths: ['n'] } }],
      [
        'listDocuments',
        { parent: ROOT, collectionId: 'f', pageSize: 1, orderBy: 'n desc', showMissing: false },
      ],
      [
        'batchGetDocuments',
        { database: DATABASE, documents: [doc('f/a')], mask: { fieldPaths: ['n'] } },
      ],
      [
        'runQuery',
        {
          parent: ROOT,
          structuredQuery: {
            from: [{ collectionId: 'f', allDescendants: false }],
            where: {
              compositeFilter: {
                op: 'AND',
                filters: [
                  { fieldFilter: { field: { fieldPath: 'n' }, op: 'GREATER_THAN', value: v(0) } },
                  { unaryFilter: { field: { fieldPath: 'm' }, op: 'IS_NOT_NULL' } },
                ],
              },
            },
            orderBy: [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' }],
            startAt: { values: [v(5)], before: true },
            select: { fields: [{ fieldPath: 'n' }] },
            limit: 3,
            offset: 0,
          },
        },
      ],
      [
        'runAggregationQuery',
        {
          parent: ROOT,
          structuredAggregationQuery: {
            structuredQuery: { from: [{ collectionId: 'f' }] },
            aggregations: [
              { alias: 'c', count: { upTo: 5 } },
              { sum: { field: { fieldPath: 'n' } } },
            ],
          },
        },
      ],
      [
        'commit',
        {
          database: DATABASE,
          writes: [
            {
              update: { name: doc('f/b'), fields: fields({ n: 2, m: { k: [1, 'a'] } }) },
              updateMask: { fieldPaths: ['n', 'm.k'] },
              currentDocument: { exists: false },
            },
            {
              transform: {
                document: doc('f/a'),
                fieldTransforms: [
                  { fieldPath: 'n', increment: v(1) },
                  { fieldPath: 'arr', appendMissingElements: { values: [v(3)] } },
                ],
              },
            },
            { delete: doc('f/c') },
          ],
        },
      ],
      ['listCollectionIds', { parent: ROOT, pageSize: 2 }],
      [
        'beginTransaction',
        { database: DATABASE, options: { readOnly: { readTime: new Date().toISOString() } } },
      ],
    ];
    const random = rng(42);
    for (let round = 0; round < 400; round++) {
      const [method, request] = valid[round % valid.length]!;
      const mutated = mutate(request, random) as Json;
      const before = JSON.stringify(
        await e
          .runQuery(owner, { parent: ROOT, structuredQuery: { from: [{ collectionId: 'f' }] } })
          .then((r) => r.map((x) => x.document)),
      );
      try {
        await (e[method] as (ctx: unknown, r: Json) => Promise<unknown>).call(e, owner, mutated);
      } catch (err) {
        assert.ok(
          err instanceof FirestoreApiError,
          `${method} ${JSON.stringify(mutated)} threw ${String(err)}`,
        );
        if (method === 'commit') {
          const after = JSON.stringify(
            await e
              .runQuery(owner, { parent: ROOT, structuredQuery: { from: [{ collectionId: 'f' }] } })
              .then((r) => r.map((x) => x.document)),
          );
          assert.equal(after, before, 'a failed commit changed data');
        }
      }
      // Put the seed data back so later rounds start from the same place.
      await e.commit(owner, {
        database: DATABASE,
        writes: [
          { update: { name: doc('f/a'), fields: fields({ n: 1, arr: [1, 2], m: { x: 'y' } }) } },
          { delete: doc('f/b') },
        ],
      });
    }
  });

  it('keeps listen and write streams to FirestoreApiError for mutated stream requests', async () => {
    const e = newEngine();
    await set(e, 'f/a', { n: 1 });
    const random = rng(9);
    const listenRequest: Json = {
      database: DATABASE,
      addTarget: {
        targetId: 2,
        resumeToken: 'AAAA',
        query: {
          parent: ROOT,
          structuredQuery: {
            from: [{ collectionId: 'f' }],
            orderBy: [{ field: { fieldPath: 'n' } }],
            limit: 2,
          },
        },
      },
    };
    const docsRequest: Json = {
      database: DATABASE,
      addTarget: {
        targetId: 3,
        documents: { documents: [doc('f/a')] },
        readTime: new Date().toISOString(),
      },
    };
    for (let round = 0; round < 300; round++) {
      const sink = new RecordingSink();
      const listen = e.openListen(owner, sink);
      listen.receive(mutate(round % 2 ? listenRequest : docsRequest, random) as Json);
      listen.receive(mutate({ database: DATABASE, removeTarget: 2 }, random) as Json);
      listen.close();
      const writeSink = new RecordingSink();
      const write = e.openWrite(owner, writeSink);
      write.receive(mutate({ database: DATABASE }, random) as Json);
      write.receive(
        mutate(
          {
            streamToken: 'x',
            writes: [{ update: { name: doc('f/b'), fields: fields({ n: 2 }) } }],
          },
          random,
        ) as Json,
      );
      write.close();
      for (const error of [sink.error, writeSink.error])
        if (error) assert.ok(error instanceof FirestoreApiError);
      assert.ok(!sink.error || sink.error.code !== GrpcCode.INTERNAL, sink.error?.message);
      assert.ok(
        !writeSink.error || writeSink.error.code !== GrpcCode.INTERNAL,
        writeSink.error?.message,
      );
    }
  });

  it('rejects a request that is not an object', async () => {
    const e = newEngine();
    await rejects(e.getDocument(owner, null as unknown as Json), GrpcCode.INVALID_ARGUMENT);
    await rejects(e.commit(owner, [] as unknown as Json), GrpcCode.INVALID_ARGUMENT);
  });
});
