import assert from 'node:assert/strict';
import { GrpcCode, type JsonObject as Json } from '../../src/firestore/service.js';
import { DATABASE, ROOT, doc, fields, newEngine, owner, rejects, set } from './helpers.js';

describe('engine: transactions', () => {
  it('commits a read-write transaction whose reads are unchanged', async () => {
    const e = newEngine();
    await set(e, 'acc/a', { balance: 10 });
    const { transaction } = await e.beginTransaction(owner, { database: DATABASE });
    const got = await e.getDocument(owner, { name: doc('acc/a'), transaction });
    assert.deepEqual(got.fields, fields({ balance: 10 }));
    await e.commit(owner, {
      database: DATABASE,
      transaction,
      writes: [{ update: { name: doc('acc/a'), fields: fields({ balance: 5 }) } }],
    });
    assert.deepEqual(
      (await e.getDocument(owner, { name: doc('acc/a') })).fields,
      fields({ balance: 5 }),
    );
  });

  it('aborts a transaction when a document it read changed, and again for one it saw missing', async () => {
    const e = newEngine();
    await set(e, 'acc/a', { balance: 10 });
    const [first] = await e.batchGetDocuments(owner, {
      database: DATABASE,
      documents: [doc('acc/a'), doc('acc/b')],
      newTransaction: { readWrite: {} },
    });
    const transaction = first!.transaction;
    assert.ok(transaction);
    await set(e, 'acc/b', { balance: 1 });
    await rejects(
      e.commit(owner, {
        database: DATABASE,
        transaction,
        writes: [{ update: { name: doc('acc/a'), fields: fields({ balance: 0 }) } }],
      }),
      GrpcCode.ABORTED,
      /contention/,
    );
    assert.deepEqual(
      (await e.getDocument(owner, { name: doc('acc/a') })).fields,
      fields({ balance: 10 }),
    );
    // The transaction is gone after the failed commit.
    await rejects(
      e.commit(owner, { database: DATABASE, transaction, writes: [] }),
      GrpcCode.INVALID_ARGUMENT,
      /expired or is no longer valid/,
    );
  });

  it('aborts when a query it ran would now return something else', async () => {
    const e = newEngine();
    await set(e, 'q/1', { open: true });
    const responses = await e.runQuery(owner, {
      parent: ROOT,
      structuredQuery: {
        from: [{ collectionId: 'q' }],
        where: {
          fieldFilter: { field: { fieldPath: 'open' }, op: 'EQUAL', value: { booleanValue: true } },
        },
      },
      newTransaction: {},
    });
    const transaction = responses[0]!.transaction;
    await set(e, 'q/2', { open: true });
    await rejects(
      e.commit(owner, { database: DATABASE, transaction, writes: [] }),
      GrpcCode.ABORTED,
    );
  });

  it('retries successfully after contention, as the SDKs do', async () => {
    const e = newEngine();
    await set(e, 'ctr/c', { n: 0 });
    const increment = async (interfere: boolean) => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const { transaction } = await e.beginTransaction(owner, {
          database: DATABASE,
          options: { readWrite: {} },
        });
        const got = await e.getDocument(owner, { name: doc('ctr/c'), transaction });
        const n = Number(((got.fields as Json).n as Json).integerValue);
        if (interfere && attempt === 0) await set(e, 'ctr/c', { n: 100 });
        try {
          await e.commit(owner, {
            database: DATABASE,
            transaction,
            writes: [{ update: { name: doc('ctr/c'), fields: fields({ n: n + 1 }) } }],
          });
          return attempt;
        } catch (err) {
          if ((err as { code?: number }).code !== GrpcCode.ABORTED) throw err;
        }
      }
      throw new Error('never committed');
    };
    assert.equal(await increment(true), 1);
    assert.deepEqual(
      (await e.getDocument(owner, { name: doc('ctr/c') })).fields,
      fields({ n: 101 }),
    );
  });

  it('reads a consistent snapshot in a read-only transaction and refuses writes', async () => {
    const e = newEngine();
    await set(e, 'ro/a', { v: 1 });
    const { transaction } = await e.beginTransaction(owner, {
      database: DATABASE,
      options: { readOnly: {} },
    });
    await set(e, 'ro/a', { v: 2 });
    await set(e, 'ro/b', { v: 2 });
    assert.deepEqual(
      (await e.getDocument(owner, { name: doc('ro/a'), transaction })).fields,
      fields({ v: 1 }),
    );
    const res = await e.runQuery(owner, {
      parent: ROOT,
      structuredQuery: { from: [{ collectionId: 'ro' }] },
      transaction,
    });
    assert.deepEqual(
      res.map((r) => (r.document as Json).name),
      [doc('ro/a')],
    );
    await rejects(
      e.commit(owner, { database: DATABASE, transaction, writes: [{ delete: doc('ro/a') }] }),
      GrpcCode.INVALID_ARGUMENT,
      /read-only/,
    );
  });

  it('reads at a past readTime and refuses one older than the kept history', async () => {
    const e = newEngine();
    const first = await set(e, 'h/a', { v: 1 });
    await set(e, 'h/a', { v: 2 });
    const old = await e.getDocument(owner, { name: doc('h/a'), readTime: first.commitTime });
    assert.deepEqual(old.fields, fields({ v: 1 }));
    const longAgo = new Date(Date.now() - 3_600_000).toISOString();
    // A fresh engine has no history to lose; force history by clearing, which forgets the past.
    e.clear('demo-engine', '(default)');
    await rejects(
      e.getDocument(owner, { name: doc('h/a'), readTime: longAgo }),
      GrpcCode.FAILED_PRECONDITION,
    );
  });

  it('checks verify writes (web SDK transactions) without changing the document', async () => {
    const e = newEngine();
    const r = await set(e, 'v/a', { n: 1 });
    const updateTime = r.writeResults![0]!.updateTime;
    const ok = await e.commit(owner, {
      database: DATABASE,
      writes: [
        { verify: doc('v/a'), currentDocument: { updateTime } },
        { update: { name: doc('v/b'), fields: {} }, currentDocument: { exists: false } },
      ],
    });
    assert.equal((ok.writeResults as Json[]).length, 2);
    assert.equal((await e.getDocument(owner, { name: doc('v/a') })).updateTime, updateTime);
    await set(e, 'v/a', { n: 2 });
    await rejects(
      e.commit(owner, {
        database: DATABASE,
        writes: [{ verify: doc('v/a'), currentDocument: { updateTime } }, { delete: doc('v/b') }],
      }),
      GrpcCode.FAILED_PRECONDITION,
    );
    await e.getDocument(owner, { name: doc('v/b') });
  });

  it('reads an empty state at a time before a new database was first written', async () => {
    const e = newEngine();
    const before = new Date(Date.now() - 60_000).toISOString();
    await set(e, 'fresh/a', { v: 1 });
    await rejects(
      e.getDocument(owner, { name: doc('fresh/a'), readTime: before }),
      GrpcCode.NOT_FOUND,
    );
  });

  it('rolls back and then rejects the rolled-back id', async () => {
    const e = newEngine();
    const { transaction } = await e.beginTransaction(owner, { database: DATABASE });
    await e.rollback(owner, { database: DATABASE, transaction });
    await rejects(
      e.rollback(owner, { database: DATABASE, transaction }),
      GrpcCode.INVALID_ARGUMENT,
    );
    await rejects(
      e.commit(owner, { database: DATABASE, transaction: 'bm9wZQ==', writes: [] }),
      GrpcCode.INVALID_ARGUMENT,
      /transaction/,
    );
  });
});
