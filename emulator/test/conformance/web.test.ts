import assert from 'node:assert/strict';
import {
  addDoc,
  and,
  arrayRemove,
  arrayUnion,
  average,
  collection,
  collectionGroup,
  count,
  deleteDoc,
  doc,
  endBefore,
  getAggregateFromServer,
  getCountFromServer,
  getDoc,
  getDocs,
  increment,
  limit,
  limitToLast,
  onSnapshot,
  or,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  startAt,
  sum,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type DocumentChangeType,
  type Firestore,
  type QuerySnapshot,
} from 'firebase/firestore';
import { eventually, webFirestore } from '../support/clients.js';
import { startEmulator, uniqueProjectId, type RunningEmulator } from '../support/emulator.js';

/** The firebase web SDK (v12 modular) in Node, which speaks gRPC to the emulator. */
describe('conformance: firebase web SDK in Node', function () {
  let emulator: RunningEmulator;
  let db: Firestore;
  let close: () => Promise<void>;

  before(async function () {
    emulator = await startEmulator();
    ({ db, close } = webFirestore(emulator, uniqueProjectId()));
  });

  after(async function () {
    await close?.();
    await emulator?.stop();
  });

  let n = 0;
  const fresh = (name = 'web') => collection(db, `${name}-${++n}-${Date.now()}`);
  const ids = (snap: QuerySnapshot) => snap.docs.map((d) => d.id);

  it('writes, reads, updates and deletes documents', async function () {
    const col = fresh();
    const added = await addDoc(col, { title: 'added', at: serverTimestamp() });
    const read = await getDoc(added);
    assert.equal(read.get('title'), 'added');
    assert.ok(read.get('at') instanceof Timestamp);
    const ref = doc(col, 'fixed');
    await setDoc(ref, { count: 1, tags: ['a'] });
    await updateDoc(ref, { count: increment(2), tags: arrayUnion('b'), 'nested.x': 1 });
    await updateDoc(ref, { tags: arrayRemove('a') });
    assert.deepEqual((await getDoc(ref)).data(), { count: 3, tags: ['b'], nested: { x: 1 } });
    await deleteDoc(ref);
    assert.equal((await getDoc(ref)).exists(), false);
    await assert.rejects(updateDoc(ref, { count: 1 }), { code: 'not-found' });
  });

  it('queries with filters, ordering, cursors and limits', async function () {
    const col = fresh('web-query');
    const batch = writeBatch(db);
    for (const [id, v, tag] of [
      ['a', 1, 'x'],
      ['b', 2, 'y'],
      ['c', 3, 'x'],
      ['d', 4, 'y'],
    ] as const) {
      batch.set(doc(col, id), { v, tag, tags: [tag, 'all'] });
    }
    await batch.commit();
    assert.deepEqual(ids(await getDocs(query(col, where('tag', '==', 'x')))), ['a', 'c']);
    assert.deepEqual(
      ids(await getDocs(query(col, where('v', '>', 1), orderBy('v', 'desc'), limit(2)))),
      ['d', 'c'],
    );
    assert.deepEqual(ids(await getDocs(query(col, orderBy('v'), limitToLast(2)))), ['c', 'd']);
    assert.deepEqual(ids(await getDocs(query(col, orderBy('v'), startAt(2), endBefore(4)))), [
      'b',
      'c',
    ]);
    assert.deepEqual(ids(await getDocs(query(col, where('tags', 'array-contains', 'y')))), [
      'b',
      'd',
    ]);
    assert.deepEqual(ids(await getDocs(query(col, where('v', 'not-in', [1, 4])))), ['b', 'c']);
    assert.deepEqual(
      ids(
        await getDocs(
          query(col, or(where('v', '==', 1), and(where('tag', '==', 'y'), where('v', '>', 3)))),
        ),
      ),
      ['a', 'd'],
    );
    assert.equal((await getCountFromServer(col)).data().count, 4);
    const agg = await getAggregateFromServer(query(col, where('tag', '==', 'y')), {
      total: sum('v'),
      mean: average('v'),
      n: count(),
    });
    assert.deepEqual(agg.data(), { total: 6, mean: 3, n: 2 });
  });

  it('queries a collection group', async function () {
    const root = fresh('web-group');
    const group = `web-sub-${Date.now()}`;
    await setDoc(doc(root, 'p', group, 'x'), { v: 1 });
    await setDoc(doc(db, group, 'y'), { v: 2 });
    const snap = await getDocs(query(collectionGroup(db, group), orderBy('v')));
    assert.deepEqual(
      snap.docs.map((d) => d.ref.path),
      [`${root.id}/p/${group}/x`, `${group}/y`],
    );
  });

  it('runs contended transactions without losing an update', async function () {
    const ref = doc(fresh(), 'counter');
    await setDoc(ref, { v: 0 });
    let attempts = 0;
    const bump = () =>
      runTransaction(db, async (tx) => {
        attempts++;
        const snap = await tx.get(ref);
        await new Promise((resolve) => setTimeout(resolve, 50));
        tx.update(ref, { v: snap.get('v') + 1 });
      });
    await Promise.all([bump(), bump(), bump()]);
    assert.equal((await getDoc(ref)).get('v'), 3);
    assert.ok(attempts > 3, `expected retries, saw ${attempts} attempts`);
  });

  it('commits a transaction that reads one document and writes another', async function () {
    // The SDK verifies what it read but did not write with a `verify` write.
    const col = fresh('web-verify');
    const source = doc(col, 'source');
    const target = doc(col, 'target');
    await setDoc(source, { v: 7 });
    await runTransaction(db, async (tx) => {
      const snap = await tx.get(source);
      tx.set(target, { copied: snap.get('v') });
    });
    assert.equal((await getDoc(target)).get('copied'), 7);
  });

  it('listens to a limitToLast query as it changes', async function () {
    const col = fresh('web-last');
    for (const v of [1, 2, 3]) await setDoc(doc(col, `d${v}`), { v });
    const seen: string[][] = [];
    const unsubscribe = onSnapshot(query(col, orderBy('v'), limitToLast(2)), (snap) => {
      seen.push(ids(snap));
    });
    try {
      await eventually(() => seen.length >= 1, 'the initial snapshot');
      await setDoc(doc(col, 'd4'), { v: 4 });
      await eventually(() => seen.some((s) => s.join() === 'd3,d4'), 'the window to move');
      assert.deepEqual(seen[0], ['d2', 'd3']);
      assert.deepEqual(seen[seen.length - 1], ['d3', 'd4']);
    } finally {
      unsubscribe();
    }
  });

  it('sees added, modified and removed changes in order', async function () {
    const col = fresh('web-listen');
    const changes: string[] = [];
    let snapshots = 0;
    const unsubscribe = onSnapshot(query(col, where('n', '>=', 0)), (snap) => {
      snapshots++;
      for (const change of snap.docChanges())
        changes.push(`${change.type as DocumentChangeType}:${change.doc.id}`);
    });
    try {
      await eventually(() => snapshots >= 1, 'the initial snapshot');
      await setDoc(doc(col, 'a'), { n: 1 });
      await eventually(() => changes.length >= 1, 'added a');
      await setDoc(doc(col, 'b'), { n: 2 });
      await eventually(() => changes.length >= 2, 'added b');
      await updateDoc(doc(col, 'a'), { n: 5 });
      await eventually(() => changes.length >= 3, 'modified a');
      await deleteDoc(doc(col, 'b'));
      await eventually(() => changes.length >= 4, 'removed b');
      assert.deepEqual(changes, ['added:a', 'added:b', 'modified:a', 'removed:b']);
    } finally {
      unsubscribe();
    }
  });
});
