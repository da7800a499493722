import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFirestoreEngine } from '../../src/firestore/engine/index.js';
import type { Document } from '../../src/firestore/protocol/messages.js';
import {
  FirestoreApiError,
  GrpcCode,
  type AccessRequest,
  type CommitEvent,
  type JsonObject as Json,
} from '../../src/firestore/service.js';
import {
  DATABASE,
  PROJECT,
  ROOT,
  RecordingSink,
  doc,
  fields,
  newEngine,
  owner,
  raw,
  rejects,
  set,
} from './helpers.js';

describe('engine: export and import', () => {
  it('round-trips every value type exactly', async () => {
    const e = newEngine();
    const data = {
      nul: null,
      t: true,
      int: raw({ integerValue: '-9223372036854775808' }),
      dbl: 0.1,
      nan: raw({ doubleValue: 'NaN' }),
      inf: raw({ doubleValue: '-Infinity' }),
      neg0: raw({ doubleValue: -0 }),
      ts: raw({ timestampValue: '1999-12-31T23:59:59.123456789Z' }),
      str: 'héllo \u{1F600}',
      bytes: raw({ bytesValue: 'AP8=' }),
      ref: raw({ referenceValue: doc('a/b') }),
      geo: raw({ geoPointValue: { latitude: 51.5, longitude: -0.12 } }),
      arr: [1, 'two', { three: 3 }],
      map: { nested: { deep: [true] } },
    };
    await set(e, 'all/types', data);
    await set(e, 'all/types/sub/child', { x: 1 });
    await e.commit(owner, {
      database: 'projects/other/databases/(default)',
      writes: [
        { update: { name: 'projects/other/databases/(default)/documents/o/1', fields: {} } },
      ],
    });
    const original = await e.getDocument(owner, { name: doc('all/types') });
    const dir = await mkdtemp(join(tmpdir(), 'engine-export-'));
    try {
      await e.exportTo(dir);
      const fresh = newEngine();
      await fresh.importFrom(dir);
      const restored = await fresh.getDocument(owner, { name: doc('all/types') });
      assert.deepEqual(restored, original);
      assert.ok(Object.is(((restored.fields as Json).neg0 as Json).doubleValue, -0));
      await fresh.getDocument(owner, { name: doc('all/types/sub/child') });
      await fresh.getDocument(owner, { name: 'projects/other/databases/(default)/documents/o/1' });
      // Importing from the metadata file path works too (what firebase-tools records).
      await newEngine().importFrom(join(dir, 'firestore_export.overall_export_metadata'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a directory that is not an export', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engine-export-'));
    try {
      await rejects(newEngine().importFrom(dir), GrpcCode.INVALID_ARGUMENT, /Cannot import/);
      await rejects(
        newEngine().importFrom(join(dir, 'missing')),
        GrpcCode.INVALID_ARGUMENT,
        /Cannot import/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('engine: commit feed and usage', () => {
  it('reports each commit in order with before and after documents', async () => {
    const e = newEngine();
    const events: CommitEvent[] = [];
    const off = e.onCommit((ev) => events.push(ev));
    await set(e, 'c/1', { v: 1 });
    await set(e, 'c/1', { v: 2 });
    await e.deleteDocument(owner, { name: doc('c/1') });
    off();
    await set(e, 'c/2', {});
    assert.equal(events.length, 3);
    assert.deepEqual(
      events.map((ev) => [
        ev.changes[0]!.before?.fields ?? null,
        ev.changes[0]!.after?.fields ?? null,
      ]),
      [
        [null, fields({ v: 1 })],
        [fields({ v: 1 }), fields({ v: 2 })],
        [fields({ v: 2 }), null],
      ],
    );
    assert.ok(
      events[0]!.commitTime < events[1]!.commitTime &&
        events[1]!.commitTime < events[2]!.commitTime,
    );
    assert.equal(events[0]!.projectId, PROJECT);
  });

  it('counts reads, writes and deletes per collection', async () => {
    const e = newEngine();
    for (let i = 0; i < 3; i++) await set(e, `u/${i}`, { i });
    await e.deleteDocument(owner, { name: doc('u/0') });
    e.resetUsage();
    await set(e, 'u/9', {});
    await e.deleteDocument(owner, { name: doc('u/9') });
    await e.runQuery(owner, { parent: ROOT, structuredQuery: { from: [{ collectionId: 'u' }] } });
    await e.getDocument(owner, { name: doc('u/1') });
    await e.runAggregationQuery(owner, {
      parent: ROOT,
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: 'u' }] },
        aggregations: [{ count: {} }],
      },
    });
    const sink = new RecordingSink();
    e.openListen(owner, sink).receive({
      database: DATABASE,
      addTarget: {
        targetId: 2,
        query: { parent: ROOT, structuredQuery: { from: [{ collectionId: 'u' }] } },
      },
    });
    const report = e.usage();
    assert.deepEqual(report.collections.u, { reads: 2 + 1 + 1 + 2, writes: 1, deletes: 1 });
    assert.deepEqual(report.totals, { reads: 6, writes: 1, deletes: 1 });
  });
});

describe('engine: authorization', () => {
  const user = {
    projectId: PROJECT,
    databaseId: '(default)',
    caller: { kind: 'user' as const, token: { sub: 'u1' } },
  };

  it('asks the authorizer about non-owner reads, queries and each write, with before/after state', async () => {
    const seen: AccessRequest[] = [];
    const views: { before: Document | null; after: Document | null }[] = [];
    const e = createFirestoreEngine({
      authorizer: {
        authorize: (r) => {
          seen.push(r);
          views.push({
            before: r.readBefore('/databases/(default)/documents/docs/a'),
            after: r.readAfter(`${ROOT}/docs/b`),
          });
        },
      },
    });
    await set(e, 'docs/a', { v: 1 });
    assert.equal(seen.length, 0, 'owner calls skip the rules');
    await e.commit(user, {
      database: DATABASE,
      writes: [
        { update: { name: doc('docs/a'), fields: fields({ v: 2 }) } },
        { update: { name: doc('docs/b'), fields: fields({ v: 3 }) } },
        { delete: doc('docs/c') },
      ],
    });
    assert.deepEqual(
      seen.map((r) => [r.method, r.path]),
      [
        ['update', 'docs/a'],
        ['create', 'docs/b'],
        ['delete', 'docs/c'],
      ],
    );
    const update = seen[0]!;
    assert.deepEqual(update.resource?.fields, fields({ v: 1 }));
    assert.deepEqual(update.requestResource?.fields, fields({ v: 2 }));
    assert.deepEqual(views[0]!.before?.fields, fields({ v: 1 }));
    assert.deepEqual(views[0]!.after?.fields, fields({ v: 3 }));
    seen.length = 0;
    await e.runQuery(user, {
      parent: ROOT,
      structuredQuery: { from: [{ collectionId: 'docs', allDescendants: true }] },
    });
    await e.getDocument(user, { name: doc('docs/a') });
    assert.deepEqual(
      seen.map((r) => [r.method, r.path, r.collectionGroup ?? false]),
      [
        ['list', 'docs', true],
        ['get', 'docs/a', false],
      ],
    );
    assert.ok(seen[0]!.query);
  });

  it('ends a document listener with PERMISSION_DENIED when a change makes the document unreadable', async () => {
    const e = newEngine();
    e.setAuthorizer({
      authorize: (r) => {
        const secret = (r.resource?.fields as Record<string, Json> | undefined)?.secret;
        if (r.method === 'get' && secret?.booleanValue === true) {
          throw new FirestoreApiError(
            GrpcCode.PERMISSION_DENIED,
            'Missing or insufficient permissions.',
          );
        }
      },
    });
    await set(e, 'notes/n', { secret: false });
    const sink = new RecordingSink();
    e.openListen(user, sink).receive({
      database: DATABASE,
      addTarget: { targetId: 2, documents: { documents: [doc('notes/n')] } },
    });
    sink.take();
    await set(e, 'notes/n', { secret: true });
    const [removal, ...rest] = sink.take();
    assert.deepEqual(removal, {
      targetChange: {
        targetChangeType: 'REMOVE',
        targetIds: [2],
        cause: {
          code: GrpcCode.PERMISSION_DENIED,
          message: 'Missing or insufficient permissions.',
        },
      },
    });
    assert.ok(!rest.some((r) => r.documentChange), 'the unreadable document is not sent');
    await set(e, 'notes/n', { secret: false });
    assert.deepEqual(sink.take(), []);
  });

  it('applies nothing when one write of a batch is denied, and refuses a denied listen target', async () => {
    const e = newEngine();
    e.setAuthorizer({
      authorize: (r) => {
        if (r.path.startsWith('secret'))
          throw new FirestoreApiError(
            GrpcCode.PERMISSION_DENIED,
            'Missing or insufficient permissions.',
          );
      },
    });
    await rejects(
      e.commit(user, {
        database: DATABASE,
        writes: [
          { update: { name: doc('open/a'), fields: {} } },
          { update: { name: doc('secret/b'), fields: {} } },
        ],
      }),
      GrpcCode.PERMISSION_DENIED,
    );
    await rejects(e.getDocument(owner, { name: doc('open/a') }), GrpcCode.NOT_FOUND);
    const sink = new RecordingSink();
    const s = e.openListen(user, sink);
    s.receive({
      database: DATABASE,
      addTarget: {
        targetId: 2,
        query: { parent: ROOT, structuredQuery: { from: [{ collectionId: 'secret' }] } },
      },
    });
    assert.deepEqual(sink.take(), [
      {
        targetChange: {
          targetChangeType: 'REMOVE',
          targetIds: [2],
          cause: {
            code: GrpcCode.PERMISSION_DENIED,
            message: 'Missing or insufficient permissions.',
          },
        },
      },
    ]);
    assert.equal(sink.error, null);
  });
});
