import assert from 'node:assert/strict';
import {
  AggregateField,
  FieldPath,
  FieldValue,
  Filter,
  GeoPoint,
  Timestamp,
  type DocumentChangeType,
  type Firestore,
} from 'firebase-admin/firestore';
import { adminFirestore, eventually } from '../support/clients.js';
import { startEmulator, uniqueProjectId, type RunningEmulator } from '../support/emulator.js';

/**
 * firebase-admin against the emulator, over gRPC and over REST (`preferRest`). Written against
 * the documented Firestore behaviour only, so it passes unchanged against the official emulator
 * (CONFORMANCE_EMULATOR_HOST=host:port).
 */
for (const transport of ['gRPC', 'REST'] as const) {
  describe(`conformance: firebase-admin over ${transport}`, function () {
    let emulator: RunningEmulator;
    let db: Firestore;
    let close: () => Promise<void>;

    before(async function () {
      emulator = await startEmulator();
      ({ db, close } = adminFirestore(emulator, uniqueProjectId(), {
        preferRest: transport === 'REST',
      }));
    });

    after(async function () {
      await close?.();
      await emulator?.stop();
    });

    /**
     * The error code the SDK reports: over REST, google-gax derives it from the HTTP status
     * (400 → INVALID_ARGUMENT), exactly as against the production REST API.
     */
    const code = (grpc: number): number => (transport === 'REST' && grpc === 9 ? 3 : grpc);
    /**
     * ALREADY_EXISTS arrives over REST as HTTP 409, which google-gax reads as ABORTED, which the
     * SDK retries for a minute: asserted over gRPC only (the REST suite checks the HTTP answer).
     */
    const overGrpc = transport === 'gRPC';

    let n = 0;
    /** A fresh collection per test. */
    const fresh = (name = 'items') => db.collection(`${name}-${++n}-${Date.now()}`);

    it('creates, reads, updates and deletes a document', async function () {
      const ref = fresh().doc('a');
      assert.equal((await ref.get()).exists, false);
      const created = await ref.create({ title: 'first', count: 1 });
      assert.ok(created.writeTime instanceof Timestamp);
      if (overGrpc) await assert.rejects(ref.create({ title: 'again' }), { code: 6 });
      await ref.update({ count: 2, 'nested.flag': true });
      const snap = await ref.get();
      assert.deepEqual(snap.data(), { title: 'first', count: 2, nested: { flag: true } });
      assert.ok(snap.createTime && snap.updateTime && snap.updateTime > snap.createTime);
      await ref.set({ replaced: true });
      assert.deepEqual((await ref.get()).data(), { replaced: true });
      await ref.set({ merged: 1 }, { merge: true });
      assert.deepEqual((await ref.get()).data(), { replaced: true, merged: 1 });
      await ref.delete();
      assert.equal((await ref.get()).exists, false);
      await assert.rejects(ref.update({ count: 3 }), { code: code(5) });
    });

    it('round-trips every value type', async function () {
      const col = fresh();
      const ref = col.doc('types');
      const value = {
        nul: null,
        bool: true,
        int: 9007199254740991,
        negative: -42,
        double: 1.5,
        nan: NaN,
        inf: Infinity,
        str: 'héllo ✓',
        bytes: Buffer.from([0, 1, 2, 255]),
        time: new Timestamp(1700000000, 123456000),
        geo: new GeoPoint(51.5, -0.12),
        ref: col.doc('other'),
        arr: [1, 'two', { three: 3 }],
        map: { deep: { deeper: ['x'] } },
        empty: {},
        emptyArr: [],
      };
      await ref.set(value);
      const data = (await ref.get()).data()!;
      assert.equal(data.nul, null);
      assert.equal(data.bool, true);
      assert.equal(data.int, 9007199254740991);
      assert.equal(data.negative, -42);
      assert.equal(data.double, 1.5);
      assert.ok(Number.isNaN(data.nan));
      assert.equal(data.inf, Infinity);
      assert.equal(data.str, 'héllo ✓');
      assert.deepEqual([...data.bytes], [0, 1, 2, 255]);
      assert.ok((data.time as Timestamp).isEqual(value.time));
      assert.ok((data.geo as GeoPoint).isEqual(value.geo));
      assert.equal(data.ref.path, col.doc('other').path);
      assert.deepEqual(data.arr, [1, 'two', { three: 3 }]);
      assert.deepEqual(data.map, { deep: { deeper: ['x'] } });
      assert.deepEqual(data.empty, {});
      assert.deepEqual(data.emptyArr, []);
    });

    describe('queries', function () {
      let col: FirebaseFirestore.CollectionReference;
      const ids = (snap: FirebaseFirestore.QuerySnapshot) => snap.docs.map((d) => d.id);

      before(async function () {
        col = fresh('query');
        const batch = db.batch();
        const rows: [string, Record<string, unknown>][] = [
          ['a', { n: 1, tag: 'x', tags: ['red', 'blue'], group: 'g1' }],
          ['b', { n: 2, tag: 'y', tags: ['blue'], group: 'g1' }],
          ['c', { n: 3, tag: 'x', tags: [], group: 'g2' }],
          ['d', { n: 4, tag: 'z', tags: ['green'], group: 'g2' }],
          ['e', { n: 5, tag: 'y', group: 'g2' }],
          ['f', { n: 'five', tag: 'x' }],
        ];
        for (const [id, data] of rows) batch.set(col.doc(id), data);
        await batch.commit();
      });

      it('applies every field filter', async function () {
        assert.deepEqual(ids(await col.where('tag', '==', 'x').get()), ['a', 'c', 'f']);
        assert.deepEqual(ids(await col.where('tag', '!=', 'x').orderBy('tag').get()), [
          'b',
          'e',
          'd',
        ]);
        assert.deepEqual(ids(await col.where('n', '<', 3).get()), ['a', 'b']);
        assert.deepEqual(ids(await col.where('n', '<=', 3).get()), ['a', 'b', 'c']);
        assert.deepEqual(ids(await col.where('n', '>', 3).get()), ['d', 'e']);
        assert.deepEqual(ids(await col.where('n', '>=', 3).get()), ['c', 'd', 'e']);
        assert.deepEqual(ids(await col.where('tags', 'array-contains', 'blue').get()), ['a', 'b']);
        assert.deepEqual(
          ids(await col.where('tags', 'array-contains-any', ['red', 'green']).get()),
          ['a', 'd'],
        );
        assert.deepEqual(ids(await col.where('n', 'in', [2, 4, 'five']).get()), ['b', 'd', 'f']);
        assert.deepEqual(ids(await col.where('tag', 'not-in', ['x', 'z']).get()), ['b', 'e']);
        // Type-strict comparisons: a string is never < a number.
        assert.deepEqual(ids(await col.where('n', '>=', 'a').get()), ['f']);
      });

      it('combines filters with AND and OR', async function () {
        const or = await col
          .where(Filter.or(Filter.where('n', '==', 1), Filter.where('tag', '==', 'z')))
          .get();
        assert.deepEqual(ids(or), ['a', 'd']);
        const and = await col
          .where(
            Filter.and(
              Filter.where('group', '==', 'g2'),
              Filter.or(Filter.where('n', '<', 4), Filter.where('n', '==', 5)),
            ),
          )
          .get();
        assert.deepEqual(ids(and), ['c', 'e']);
      });

      it('orders, limits, offsets and pages with cursors', async function () {
        const numeric = col.where('n', '>=', 0);
        assert.deepEqual(ids(await numeric.orderBy('n', 'desc').get()), ['e', 'd', 'c', 'b', 'a']);
        assert.deepEqual(ids(await col.orderBy('group').orderBy('n', 'desc').get()), [
          'b',
          'a',
          'e',
          'd',
          'c',
        ]);
        assert.deepEqual(ids(await numeric.orderBy('n').limit(2).get()), ['a', 'b']);
        assert.deepEqual(ids(await numeric.orderBy('n').offset(3).get()), ['d', 'e']);
        assert.deepEqual(ids(await numeric.orderBy('n').limitToLast(2).get()), ['d', 'e']);
        assert.deepEqual(ids(await numeric.orderBy('n').startAt(2).endAt(4).get()), [
          'b',
          'c',
          'd',
        ]);
        assert.deepEqual(ids(await numeric.orderBy('n').startAfter(2).endBefore(4).get()), ['c']);
        const third = await col.doc('c').get();
        assert.deepEqual(ids(await numeric.orderBy('n').startAfter(third).get()), ['d', 'e']);
        assert.deepEqual(ids(await col.orderBy(FieldPath.documentId()).startAt('e').get()), [
          'e',
          'f',
        ]);
        // Ordering by a field excludes documents without it; mixed types order number < string.
        assert.deepEqual(ids(await col.orderBy('n').get()), ['a', 'b', 'c', 'd', 'e', 'f']);
        assert.deepEqual(ids(await col.orderBy('tags').get()), ['c', 'b', 'd', 'a']);
      });

      it('projects fields with select()', async function () {
        const snap = await col.where('n', '==', 1).select('tag').get();
        assert.deepEqual(snap.docs[0]!.data(), { tag: 'x' });
        const [doc] = await db.getAll(col.doc('b'), { fieldMask: ['n'] });
        assert.deepEqual(doc!.data(), { n: 2 });
      });

      it('counts, sums and averages', async function () {
        const snap = await col
          .where('n', '>=', 0)
          .aggregate({
            count: AggregateField.count(),
            total: AggregateField.sum('n'),
            mean: AggregateField.average('n'),
          })
          .get();
        assert.deepEqual(snap.data(), { count: 5, total: 15, mean: 3 });
        assert.equal((await col.count().get()).data().count, 6);
        const none = await col
          .where('tag', '==', 'nope')
          .aggregate({ s: AggregateField.sum('n'), a: AggregateField.average('n') })
          .get();
        assert.deepEqual(none.data(), { s: 0, a: null });
      });
    });

    it('queries a collection group and lists collections and documents', async function () {
      const root = fresh('groups');
      const group = `sub-${n}-${Date.now()}`;
      await root.doc('p1').collection(group).doc('x').set({ v: 1 });
      await root.doc('p2').collection(group).doc('y').set({ v: 2 });
      await db.collection(group).doc('z').set({ v: 3 });
      const snap = await db.collectionGroup(group).where('v', '>=', 2).orderBy('v').get();
      assert.deepEqual(
        snap.docs.map((d) => d.ref.path),
        [`${root.id}/p2/${group}/y`, `${group}/z`],
      );
      const collections = await root.doc('p1').listCollections();
      assert.deepEqual(
        collections.map((c) => c.id),
        [group],
      );
      // p1 and p2 exist only as parents of sub-collections: listDocuments shows them as missing.
      const refs = await root.listDocuments();
      assert.deepEqual(refs.map((r) => r.id).sort(), ['p1', 'p2']);
    });

    it('applies field transforms', async function () {
      const ref = fresh().doc('t');
      await ref.set({ count: 1, list: ['a', 'b'], at: FieldValue.serverTimestamp() });
      const before = await ref.get();
      assert.ok(before.get('at') instanceof Timestamp);
      assert.ok((before.get('at') as Timestamp).isEqual(before.updateTime!));
      await ref.update({
        count: FieldValue.increment(2.5),
        list: FieldValue.arrayUnion('b', 'c'),
        other: FieldValue.arrayRemove('x'),
        gone: FieldValue.delete(),
      });
      await ref.update({ list: FieldValue.arrayRemove('a') });
      const data = (await ref.get()).data()!;
      assert.equal(data.count, 3.5);
      assert.deepEqual(data.list, ['b', 'c']);
      assert.deepEqual(data.other, []);
      await ref.update({ missing: FieldValue.increment(5) });
      assert.equal((await ref.get()).get('missing'), 5);
    });

    it('checks preconditions', async function () {
      const ref = fresh().doc('p');
      const write = await ref.create({ v: 1 });
      await ref.update({ v: 2 }, { lastUpdateTime: write.writeTime });
      await assert.rejects(ref.update({ v: 3 }, { lastUpdateTime: write.writeTime }), {
        code: code(9),
      });
      await ref.delete({ exists: true });
      assert.equal((await ref.get()).exists, false);
      await assert.rejects(ref.delete({ exists: true }), { code: code(5) });
      if (overGrpc) {
        await ref.set({ v: 1 });
        await assert.rejects(ref.create({ v: 2 }), { code: 6 });
        assert.equal((await ref.get()).get('v'), 1);
      }
    });

    it('commits a batch atomically', async function () {
      const col = fresh();
      await col.doc('keep').set({ v: 1 });
      const ok = db.batch();
      ok.set(col.doc('x'), { v: 1 });
      ok.update(col.doc('keep'), { v: 2 });
      ok.delete(col.doc('none'));
      await ok.commit();
      const failing = db.batch();
      failing.set(col.doc('y'), { v: 1 });
      failing.update(col.doc('missing'), { v: 1 });
      await assert.rejects(failing.commit(), { code: code(5) });
      assert.equal((await col.doc('y').get()).exists, false);
      assert.deepEqual(
        (await col.get()).docs.map((d) => d.id),
        ['keep', 'x'],
      );
    });

    it('retries contended read-write transactions so no update is lost', async function () {
      const ref = fresh().doc('counter');
      await ref.set({ v: 0 });
      let attempts = 0;
      let releaseFirst!: () => void;
      const firstHasRead = new Promise<void>((resolve) => (releaseFirst = resolve));
      const increment = (waitForOther: boolean) =>
        db.runTransaction(async (tx) => {
          attempts++;
          const snap = await tx.get(ref);
          if (waitForOther) releaseFirst();
          else await firstHasRead;
          await new Promise((resolve) => setTimeout(resolve, 50));
          tx.update(ref, { v: snap.get('v') + 1 });
        });
      await Promise.all([increment(false), increment(true)]);
      assert.equal((await ref.get()).get('v'), 2);
      assert.ok(attempts >= 3, `expected a retry, saw ${attempts} attempts`);
    });

    it('runs read-only transactions', async function () {
      const ref = fresh().doc('ro');
      await ref.set({ v: 7 });
      const v = await db.runTransaction(async (tx) => (await tx.get(ref)).get('v'), {
        readOnly: true,
      });
      assert.equal(v, 7);
    });

    it('delivers onSnapshot changes in order', async function () {
      const col = fresh('listen');
      await col.doc('pre').set({ n: 0 });
      const changes: string[] = [];
      let snapshots = 0;
      const unsubscribe = col.where('n', '>=', 0).onSnapshot((snap) => {
        snapshots++;
        for (const change of snap.docChanges())
          changes.push(`${change.type as DocumentChangeType}:${change.doc.id}`);
      });
      try {
        await eventually(() => snapshots >= 1, 'the initial snapshot');
        await col.doc('a').set({ n: 1 });
        await eventually(() => changes.length >= 2, 'added a');
        await col.doc('a').update({ n: 2 });
        await eventually(() => changes.length >= 3, 'modified a');
        await col.doc('a').update({ n: -1 });
        await eventually(() => changes.length >= 4, 'a leaving the query');
        await col.doc('pre').delete();
        await eventually(() => changes.length >= 5, 'removed pre');
        assert.deepEqual(changes, [
          'added:pre',
          'added:a',
          'modified:a',
          'removed:a',
          'removed:pre',
        ]);
      } finally {
        unsubscribe();
      }
    });

    it('listens to a single document', async function () {
      const ref = fresh('doc-listen').doc('one');
      const seen: (number | null)[] = [];
      const unsubscribe = ref.onSnapshot((snap) => seen.push(snap.exists ? snap.get('v') : null));
      try {
        await eventually(() => seen.length >= 1, 'the initial snapshot');
        await ref.set({ v: 1 });
        await eventually(() => seen.length >= 2, 'the created document');
        await ref.delete();
        await eventually(() => seen.length >= 3, 'the deletion');
        assert.deepEqual(seen, [null, 1, null]);
      } finally {
        unsubscribe();
      }
    });
  });
}
