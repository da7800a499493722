import assert from 'node:assert/strict';
import { GrpcCode, type JsonObject as Json } from '../../src/firestore/service.js';
import { DATABASE, ROOT, doc, fields, newEngine, owner, rejects, set, v } from './helpers.js';

describe('engine: documents and commits', () => {
  it('creates, reads, updates with a mask and deletes a document', async () => {
    const e = newEngine();
    const created = await e.createDocument(owner, {
      parent: ROOT,
      collectionId: 'users',
      documentId: 'ada',
      document: { fields: fields({ name: 'Ada', age: 36, tags: ['x'] }) },
    });
    assert.equal(created.name, doc('users/ada'));
    assert.equal(created.createTime, created.updateTime);
    await rejects(
      e.createDocument(owner, {
        parent: ROOT,
        collectionId: 'users',
        documentId: 'ada',
        document: {},
      }),
      GrpcCode.ALREADY_EXISTS,
      /already exists/,
    );

    const updated = await e.updateDocument(owner, {
      document: {
        name: doc('users/ada'),
        fields: fields({ age: 37, address: { city: 'London' } }),
      },
      updateMask: { fieldPaths: ['age', 'address.city', 'tags'] },
    });
    assert.deepEqual(updated.fields, fields({ name: 'Ada', age: 37, address: { city: 'London' } }));
    assert.equal(updated.createTime, created.createTime);
    assert.ok((updated.updateTime as string) > (created.updateTime as string));

    const masked = await e.getDocument(owner, {
      name: doc('users/ada'),
      mask: { fieldPaths: ['address.city'] },
    });
    assert.deepEqual(masked.fields, fields({ address: { city: 'London' } }));

    await e.deleteDocument(owner, { name: doc('users/ada') });
    await rejects(e.getDocument(owner, { name: doc('users/ada') }), GrpcCode.NOT_FOUND);
  });

  it('keeps backquoted field paths with dots as one field', async () => {
    const e = newEngine();
    await e.commit(owner, {
      database: DATABASE,
      writes: [
        {
          update: { name: doc('c/d'), fields: { 'a.b': v(1), a: v({ b: 2 }) } },
          updateMask: { fieldPaths: ['`a.b`'] },
        },
      ],
    });
    const got = await e.getDocument(owner, { name: doc('c/d') });
    assert.deepEqual(got.fields, { 'a.b': v(1) });
  });

  it('enforces exists and updateTime preconditions with the real status codes', async () => {
    const e = newEngine();
    await rejects(
      e.commit(owner, {
        database: DATABASE,
        writes: [{ update: { name: doc('c/x'), fields: {} }, currentDocument: { exists: true } }],
      }),
      GrpcCode.NOT_FOUND,
      /No document to update/,
    );
    const r = await set(e, 'c/x', { n: 1 });
    const updateTime = r.writeResults![0]!.updateTime;
    await rejects(
      e.commit(owner, {
        database: DATABASE,
        writes: [{ update: { name: doc('c/x'), fields: {} }, currentDocument: { exists: false } }],
      }),
      GrpcCode.ALREADY_EXISTS,
    );
    await rejects(
      e.commit(owner, {
        database: DATABASE,
        writes: [{ delete: doc('c/x'), currentDocument: { updateTime: '2001-01-01T00:00:00Z' } }],
      }),
      GrpcCode.FAILED_PRECONDITION,
    );
    await e.commit(owner, {
      database: DATABASE,
      writes: [{ delete: doc('c/x'), currentDocument: { updateTime } }],
    });
    await rejects(e.getDocument(owner, { name: doc('c/x') }), GrpcCode.NOT_FOUND);
  });

  it('applies a batch atomically: one failing write leaves nothing applied', async () => {
    const e = newEngine();
    await set(e, 'c/keep', { n: 1 });
    await rejects(
      e.commit(owner, {
        database: DATABASE,
        writes: [
          { update: { name: doc('c/new'), fields: fields({ n: 2 }) } },
          { delete: doc('c/keep') },
          { update: { name: doc('c/missing'), fields: {} }, currentDocument: { exists: true } },
        ],
      }),
      GrpcCode.NOT_FOUND,
    );
    await rejects(e.getDocument(owner, { name: doc('c/new') }), GrpcCode.NOT_FOUND);
    assert.deepEqual(
      (await e.getDocument(owner, { name: doc('c/keep') })).fields,
      fields({ n: 1 }),
    );
  });

  it('gives every commit a strictly later commit time', async () => {
    const e = newEngine();
    const times: string[] = [];
    for (let i = 0; i < 50; i++) times.push((await set(e, `c/d${i}`, { i })).commitTime as string);
    for (let i = 1; i < times.length; i++)
      assert.ok(times[i]! > times[i - 1]!, `${times[i]} > ${times[i - 1]}`);
  });

  it('keeps the update time of a write that changes nothing', async () => {
    const e = newEngine();
    const first = await set(e, 'c/same', { a: 1 });
    const second = await set(e, 'c/same', { a: 1 });
    assert.equal(second.writeResults![0]!.updateTime, first.writeResults![0]!.updateTime);
  });

  it('batch-gets found and missing documents', async () => {
    const e = newEngine();
    await set(e, 'c/a', { x: 1 });
    const res = await e.batchGetDocuments(owner, {
      database: DATABASE,
      documents: [doc('c/a'), doc('c/b')],
    });
    assert.equal((res[0]!.found as Json).name, doc('c/a'));
    assert.equal(res[1]!.missing, doc('c/b'));
    assert.ok(res[0]!.readTime);
  });

  it('lists documents with paging, masks and missing parents', async () => {
    const e = newEngine();
    for (const id of ['a', 'b', 'c']) await set(e, `col/${id}`, { id, extra: 1 });
    await set(e, 'col/ghost/sub/x', { y: 1 });
    const first = await e.listDocuments(owner, {
      parent: ROOT,
      collectionId: 'col',
      pageSize: 2,
      mask: { fieldPaths: ['id'] },
    });
    assert.deepEqual(
      (first.documents as Json[]).map((d) => d.name),
      [doc('col/a'), doc('col/b')],
    );
    assert.deepEqual((first.documents as Json[])[0]!.fields, fields({ id: 'a' }));
    const second = await e.listDocuments(owner, {
      parent: ROOT,
      collectionId: 'col',
      pageSize: 2,
      pageToken: first.nextPageToken,
    });
    assert.deepEqual(
      (second.documents as Json[]).map((d) => d.name),
      [doc('col/c')],
    );
    assert.equal(second.nextPageToken, undefined);
    const all = await e.listDocuments(owner, {
      parent: ROOT,
      collectionId: 'col',
      showMissing: true,
    });
    assert.deepEqual(
      (all.documents as Json[]).map((d) => d.name),
      [doc('col/a'), doc('col/b'), doc('col/c'), doc('col/ghost')],
    );
    assert.equal((all.documents as Json[])[3]!.createTime, undefined);
  });

  it('lists collection ids under the root and under a document', async () => {
    const e = newEngine();
    await set(e, 'b/1', {});
    await set(e, 'a/1/sub/2', {});
    await set(e, 'a/1/other/3/deep/4', {});
    assert.deepEqual((await e.listCollectionIds(owner, { parent: ROOT })).collectionIds, [
      'a',
      'b',
    ]);
    assert.deepEqual((await e.listCollectionIds(owner, { parent: doc('a/1') })).collectionIds, [
      'other',
      'sub',
    ]);
  });

  it('keeps data per project and database', async () => {
    const e = newEngine();
    await set(e, 'c/a', { x: 1 });
    const other = 'projects/other/databases/(default)';
    await rejects(e.getDocument(owner, { name: `${other}/documents/c/a` }), GrpcCode.NOT_FOUND);
    e.clear('demo-engine', '(default)');
    await rejects(e.getDocument(owner, { name: doc('c/a') }), GrpcCode.NOT_FOUND);
  });

  it('applies BatchWrite writes independently with a status each', async () => {
    const e = newEngine();
    const res = await e.batchWrite(owner, {
      database: DATABASE,
      writes: [
        { update: { name: doc('c/ok'), fields: {} } },
        { update: { name: doc('c/bad'), fields: {} }, currentDocument: { exists: true } },
      ],
    });
    assert.deepEqual(
      (res.status as Json[]).map((s) => s.code),
      [0, GrpcCode.NOT_FOUND],
    );
    await e.getDocument(owner, { name: doc('c/ok') });
  });
});
