import assert from 'node:assert/strict';
import { GrpcCode, type JsonObject as Json } from '../../src/firestore/service.js';
import {
  DATABASE,
  ROOT,
  RecordingSink,
  describe as describeResponses,
  doc,
  newEngine,
  owner,
  set,
} from './helpers.js';

const queryTarget = (targetId: number, structuredQuery: Json, extra: Json = {}) => ({
  database: DATABASE,
  addTarget: { targetId, query: { parent: ROOT, structuredQuery }, ...extra },
});

describe('engine: listen', () => {
  it('sends ADD, the matching documents, CURRENT and a global snapshot', async () => {
    const e = newEngine();
    await set(e, 'rooms/a', { open: true });
    await set(e, 'rooms/b', { open: false });
    const sink = new RecordingSink();
    const s = e.openListen(owner, sink);
    s.receive(
      queryTarget(2, {
        from: [{ collectionId: 'rooms' }],
        where: {
          fieldFilter: { field: { fieldPath: 'open' }, op: 'EQUAL', value: { booleanValue: true } },
        },
      }),
    );
    const initial = sink.take();
    assert.deepEqual(describeResponses(initial), [
      'ADD[2]',
      'DOC rooms/a [2]',
      'CURRENT[2]',
      'NO_CHANGE[]',
    ]);
    const current = initial[2]!.targetChange as Json;
    assert.ok(current.resumeToken);
    assert.ok((initial[3]!.targetChange as Json).readTime);
  });

  it('sends only affected targets their changes, then a snapshot at the commit time', async () => {
    const e = newEngine();
    await set(e, 'rooms/a', { open: true });
    const sink = new RecordingSink();
    const s = e.openListen(owner, sink);
    const openRooms = {
      from: [{ collectionId: 'rooms' }],
      where: {
        fieldFilter: { field: { fieldPath: 'open' }, op: 'EQUAL', value: { booleanValue: true } },
      },
    };
    s.receive(queryTarget(2, openRooms));
    s.receive(queryTarget(4, { from: [{ collectionId: 'other' }] }));
    sink.take();

    const c1 = await set(e, 'rooms/b', { open: true });
    const r1 = sink.take();
    assert.deepEqual(describeResponses(r1), ['DOC rooms/b [2]', 'NO_CHANGE[]']);
    assert.equal((r1[1]!.targetChange as Json).readTime, c1.commitTime);

    await set(e, 'rooms/a', { open: false });
    assert.deepEqual(describeResponses(sink.take()), ['REMOVE rooms/a [2]', 'NO_CHANGE[]']);
    await e.deleteDocument(owner, { name: doc('rooms/b') });
    assert.deepEqual(describeResponses(sink.take()), ['DELETE rooms/b [2]', 'NO_CHANGE[]']);
    await set(e, 'elsewhere/x', { open: true });
    assert.deepEqual(sink.take(), []);
  });

  it('keeps a limit target at its top N as documents come and go', async () => {
    const e = newEngine();
    for (const [id, score] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      await set(e, `s/${id}`, { score });
    const sink = new RecordingSink();
    const s = e.openListen(owner, sink);
    s.receive(
      queryTarget(2, {
        from: [{ collectionId: 's' }],
        orderBy: [{ field: { fieldPath: 'score' }, direction: 'DESCENDING' }],
        limit: 2,
      }),
    );
    assert.deepEqual(describeResponses(sink.take()), [
      'ADD[2]',
      'DOC s/c [2]',
      'DOC s/b [2]',
      'CURRENT[2]',
      'NO_CHANGE[]',
    ]);
    await set(e, 's/d', { score: 10 });
    assert.deepEqual(describeResponses(sink.take()), [
      'DOC s/d [2]',
      'REMOVE s/b [2]',
      'NO_CHANGE[]',
    ]);
    await e.deleteDocument(owner, { name: doc('s/d') });
    assert.deepEqual(describeResponses(sink.take()), [
      'DOC s/b [2]',
      'DELETE s/d [2]',
      'NO_CHANGE[]',
    ]);
  });

  it('reports document targets, including deletes', async () => {
    const e = newEngine();
    await set(e, 'p/1', { v: 1 });
    const sink = new RecordingSink();
    const s = e.openListen(owner, sink);
    s.receive({
      database: DATABASE,
      addTarget: { targetId: 1, documents: { documents: [doc('p/1'), doc('p/2')] } },
    });
    assert.deepEqual(describeResponses(sink.take()), [
      'ADD[1]',
      'DOC p/1 [1]',
      'DELETE p/2 [1]',
      'CURRENT[1]',
      'NO_CHANGE[]',
    ]);
    await set(e, 'p/2', { v: 2 });
    assert.deepEqual(describeResponses(sink.take()), ['DOC p/2 [1]', 'NO_CHANGE[]']);
    await e.deleteDocument(owner, { name: doc('p/1') });
    assert.deepEqual(describeResponses(sink.take()), ['DELETE p/1 [1]', 'NO_CHANGE[]']);
  });

  it('removes a target on request and rejects a duplicate target id', async () => {
    const e = newEngine();
    const sink = new RecordingSink();
    const s = e.openListen(owner, sink);
    s.receive(queryTarget(2, { from: [{ collectionId: 'x' }] }));
    s.receive({ database: DATABASE, removeTarget: 2 });
    assert.deepEqual(describeResponses(sink.take()).slice(-1), ['REMOVE[2]']);
    await set(e, 'x/1', {});
    assert.deepEqual(sink.take(), []);
    s.receive(queryTarget(4, { from: [{ collectionId: 'x' }] }));
    s.receive(queryTarget(4, { from: [{ collectionId: 'x' }] }));
    assert.equal(sink.error?.code, GrpcCode.INVALID_ARGUMENT);
  });

  it('resumes from a token with only what changed since', async () => {
    const e = newEngine();
    await set(e, 'r/keep', { n: 1 });
    await set(e, 'r/gone', { n: 1 });
    const first = new RecordingSink();
    const s1 = e.openListen(owner, first);
    s1.receive(queryTarget(2, { from: [{ collectionId: 'r' }] }));
    const token = (first.take()[3]!.targetChange as Json).resumeToken;
    s1.close();
    await set(e, 'r/new', { n: 2 });
    await e.deleteDocument(owner, { name: doc('r/gone') });
    const second = new RecordingSink();
    const s2 = e.openListen(owner, second);
    s2.receive(queryTarget(2, { from: [{ collectionId: 'r' }] }, { resumeToken: token }));
    assert.deepEqual(describeResponses(second.take()), [
      'ADD[2]',
      'DOC r/new [2]',
      'DELETE r/gone [2]',
      'CURRENT[2]',
      'NO_CHANGE[]',
    ]);
  });

  it('resets a target whose resume token cannot be served', async () => {
    const e = newEngine();
    await set(e, 'r/a', {});
    const sink = new RecordingSink();
    e.openListen(owner, sink).receive(
      queryTarget(
        2,
        { from: [{ collectionId: 'r' }] },
        { resumeToken: Buffer.from('garbage').toString('base64') },
      ),
    );
    assert.deepEqual(describeResponses(sink.take()), [
      'ADD[2]',
      'RESET[2]',
      'DOC r/a [2]',
      'CURRENT[2]',
      'NO_CHANGE[]',
    ]);
  });

  it('resets a target resumed with a token from before a restart', async () => {
    const old = newEngine();
    await set(old, 'r/a', {});
    const sink = new RecordingSink();
    old.openListen(owner, sink).receive(queryTarget(2, { from: [{ collectionId: 'r' }] }));
    const token = (sink.take()[3]!.targetChange as Json).resumeToken;
    const restarted = newEngine();
    await set(restarted, 'r/b', {});
    const after = new RecordingSink();
    restarted
      .openListen(owner, after)
      .receive(queryTarget(2, { from: [{ collectionId: 'r' }] }, { resumeToken: token }));
    assert.deepEqual(describeResponses(after.take()), [
      'ADD[2]',
      'RESET[2]',
      'DOC r/b [2]',
      'CURRENT[2]',
      'NO_CHANGE[]',
    ]);
  });

  it('watches a collection group and resumes from a readTime', async () => {
    const e = newEngine();
    await set(e, 'a/1/posts/p1', { n: 1 });
    const sink = new RecordingSink();
    const s = e.openListen(owner, sink);
    s.receive(queryTarget(2, { from: [{ collectionId: 'posts', allDescendants: true }] }));
    const readTime = (sink.take()[3]!.targetChange as Json).readTime;
    await set(e, 'b/2/posts/p2', { n: 2 });
    await set(e, 'b/2/other/p3', { n: 3 });
    assert.deepEqual(describeResponses(sink.take()), ['DOC b/2/posts/p2 [2]', 'NO_CHANGE[]']);
    const resumed = new RecordingSink();
    e.openListen(owner, resumed).receive(
      queryTarget(4, { from: [{ collectionId: 'posts', allDescendants: true }] }, { readTime }),
    );
    assert.deepEqual(describeResponses(resumed.take()), [
      'ADD[4]',
      'DOC b/2/posts/p2 [4]',
      'CURRENT[4]',
      'NO_CHANGE[]',
    ]);
  });

  it('delivers commits to listeners and commit subscribers in commit order, even when a subscriber commits', async () => {
    const e = newEngine();
    const sink = new RecordingSink();
    e.openListen(owner, sink).receive(queryTarget(2, { from: [{ collectionId: 'o' }] }));
    sink.take();
    const seen: string[] = [];
    e.onCommit((ev) => {
      const name = ev.changes[0]!.name.slice(ROOT.length + 1);
      seen.push(name);
      // A subscriber that writes synchronously (as a trigger might) must not jump the queue.
      if (name === 'o/first') void set(e, 'o/second', {});
    });
    await set(e, 'o/first', {});
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(seen, ['o/first', 'o/second']);
    assert.deepEqual(describeResponses(sink.take()), [
      'DOC o/first [2]',
      'NO_CHANGE[]',
      'DOC o/second [2]',
      'NO_CHANGE[]',
    ]);
  });

  it('drops a once target after it is current', async () => {
    const e = newEngine();
    await set(e, 'once/a', {});
    const sink = new RecordingSink();
    e.openListen(owner, sink).receive(
      queryTarget(2, { from: [{ collectionId: 'once' }] }, { once: true }),
    );
    assert.deepEqual(describeResponses(sink.take()), [
      'ADD[2]',
      'DOC once/a [2]',
      'CURRENT[2]',
      'NO_CHANGE[]',
      'REMOVE[2]',
    ]);
    await set(e, 'once/b', {});
    assert.deepEqual(sink.take(), []);
  });

  it('refuses a findNearest target, which cannot be kept current per document', () => {
    const e = newEngine();
    const sink = new RecordingSink();
    const vector = {
      mapValue: {
        fields: {
          __type__: { stringValue: '__vector__' },
          value: { arrayValue: { values: [{ doubleValue: 1 }] } },
        },
      },
    };
    e.openListen(owner, sink).receive(
      queryTarget(2, {
        from: [{ collectionId: 'v' }],
        findNearest: {
          vectorField: { fieldPath: 'o' },
          queryVector: vector,
          distanceMeasure: 'EUCLIDEAN',
          limit: 1,
        },
      }),
    );
    const [first] = sink.take();
    const change = first!.targetChange as Json;
    assert.equal(change.targetChangeType, 'REMOVE');
    assert.equal((change.cause as Json).code, GrpcCode.INVALID_ARGUMENT);
    assert.match(
      String((change.cause as Json).message),
      /findNearest queries cannot be listened to/,
    );
  });

  it('refuses a target with a malformed readTime on its own', async () => {
    const e = newEngine();
    const sink = new RecordingSink();
    const s = e.openListen(owner, sink);
    s.receive(queryTarget(2, { from: [{ collectionId: 'x' }] }, { readTime: 'not a time' }));
    s.receive(queryTarget(4, { from: [{ collectionId: 'x' }] }));
    const responses = sink.take();
    assert.equal(
      ((responses[0]!.targetChange as Json).cause as Json).code,
      GrpcCode.INVALID_ARGUMENT,
    );
    assert.deepEqual(describeResponses(responses.slice(1)), [
      'ADD[4]',
      'CURRENT[4]',
      'NO_CHANGE[]',
    ]);
    assert.equal(sink.error, null);
  });

  it('answers the write stream handshake and each batch', async () => {
    const e = newEngine();
    const sink = new RecordingSink();
    const s = e.openWrite(owner, sink);
    s.receive({ database: DATABASE });
    const hs = sink.take()[0]!;
    assert.ok(hs.streamId && hs.streamToken);
    s.receive({
      streamToken: hs.streamToken,
      writes: [{ update: { name: doc('w/1'), fields: {} } }],
    });
    const r = sink.take()[0]!;
    assert.ok(r.commitTime);
    assert.equal((r.writeResults as Json[]).length, 1);
    assert.notEqual(r.streamToken, hs.streamToken);
    await e.getDocument(owner, { name: doc('w/1') });
  });
});
