import type { DocumentSnapshot, QuerySnapshot } from '@google-cloud/firestore';
import type { Case } from './cases.js';
import { sdkClient as client, sortedData } from './sdk-cases.js';

/**
 * Listens through @google-cloud/firestore (gRPC Listen stream, as the admin SDK uses it): each
 * step writes and then waits for the snapshot the write must cause; the recorded snapshot is the
 * result in order and its changes (type, id, old and new index), never times.
 */

const SNAPSHOT_TIMEOUT_MS = 10_000;

function describeQuery(snap: QuerySnapshot) {
  return {
    docs: snap.docs.map((d) => `${d.id} ${sortedData(d.data())}`),
    changes: snap
      .docChanges()
      .map((c) => `${c.type} ${c.doc.id} ${c.oldIndex}->${c.newIndex}`)
      .sort(),
  };
}

function describeDoc(snap: DocumentSnapshot) {
  return snap.exists ? `${snap.id} ${sortedData(snap.data())}` : `${snap.id} missing`;
}

/** Collects snapshots; `next()` waits for the next one (or records that none came). */
function collector<T>(describe: (snap: T) => unknown) {
  const seen: unknown[] = [];
  const waiters: (() => void)[] = [];
  let taken = 0;
  return {
    push(snap: T) {
      seen.push(describe(snap));
      waiters.shift()?.();
    },
    error(error: Error) {
      // The status code is compared; each engine words its own message.
      seen.push({ error: (error as { code?: number }).code ?? 'no code' });
      waiters.shift()?.();
    },
    async next(): Promise<unknown> {
      if (seen.length <= taken) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, SNAPSHOT_TIMEOUT_MS);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return taken < seen.length ? seen[taken++] : 'no snapshot';
    },
  };
}

export const listenCases: Case[] = [
  {
    name: 'listen: query snapshots (filter, order, limit) through adds, changes, removals',
    async run(s) {
      const db = client(s);
      try {
        const items = db.collection('live');
        await items.doc('a').set({ n: 1, tag: 'x' });
        const snaps = collector(describeQuery);
        const stop = items
          .where('tag', '==', 'x')
          .orderBy('n', 'desc')
          .limit(3)
          .onSnapshot(snaps.push, snaps.error);
        s.record('initial', await snaps.next());
        const steps: [string, () => Promise<unknown>][] = [
          ['add b', () => items.doc('b').set({ n: 5, tag: 'x' })],
          ['add c', () => items.doc('c').set({ n: 3, tag: 'x' })],
          ['add d (pushes a out)', () => items.doc('d').set({ n: 4, tag: 'x' })],
          ['modify c (reorders)', () => items.doc('c').update({ n: 9 })],
          ['untag b (a comes back)', () => items.doc('b').update({ tag: 'y' })],
          ['delete d', () => items.doc('d').delete()],
          [
            'batch: two changes at once',
            () => {
              const batch = db.batch();
              batch.set(items.doc('e'), { n: 0, tag: 'x' });
              batch.update(items.doc('c'), { n: 2 });
              return batch.commit();
            },
          ],
        ];
        for (const [label, write] of steps) {
          await write();
          s.record(label, await snaps.next());
        }
        stop();
      } finally {
        await db.terminate();
      }
    },
  },
  {
    name: 'listen: document snapshots and a collection group',
    async run(s) {
      const db = client(s);
      try {
        const doc = db.doc('solo/one');
        const docSnaps = collector(describeDoc);
        const stopDoc = doc.onSnapshot(docSnaps.push, docSnaps.error);
        s.record('doc initial (missing)', await docSnaps.next());
        await doc.set({ v: 1 });
        s.record('doc created', await docSnaps.next());
        await doc.set({ v: 1, w: { deep: [1, 2] } }, { merge: true });
        s.record('doc merged', await docSnaps.next());
        await doc.delete();
        s.record('doc deleted', await docSnaps.next());
        stopDoc();

        const group = collector(describeQuery);
        const stopGroup = db
          .collectionGroup('notes')
          .where('open', '==', true)
          .onSnapshot(group.push, group.error);
        s.record('group initial', await group.next());
        await db.doc('a/1/notes/x').set({ open: true });
        s.record('group add nested', await group.next());
        await db.doc('notes/y').set({ open: true });
        s.record('group add top', await group.next());
        await db.doc('a/1/notes/x').update({ open: false });
        s.record('group remove', await group.next());
        stopGroup();
      } finally {
        await db.terminate();
      }
    },
  },
  {
    name: 'listen: limitToLast and a filter with null and NaN operands',
    async run(s) {
      const db = client(s);
      try {
        const items = db.collection('last');
        for (const [id, n] of [
          ['a', 1],
          ['b', 2],
          ['c', 3],
        ] as const)
          await items.doc(id).set({ n });
        const last = collector(describeQuery);
        const stopLast = items.orderBy('n').limitToLast(2).onSnapshot(last.push, last.error);
        s.record('limitToLast initial', await last.next());
        await items.doc('d').set({ n: 4 });
        s.record('limitToLast after a larger value', await last.next());
        await items.doc('d').delete();
        s.record('limitToLast after its delete', await last.next());
        stopLast();

        const odd = collector(describeQuery);
        const stopOdd = items
          .where('n', 'in', [null, Number.NaN, 2])
          .onSnapshot(odd.push, odd.error);
        s.record('in [null, NaN, 2] initial', await odd.next());
        await items.doc('e').set({ n: null });
        await items.doc('f').set({ n: 2 });
        s.record('in [null, NaN, 2] after null and 2', await odd.next());
        stopOdd();
      } finally {
        await db.terminate();
      }
    },
  },
  {
    name: 'listen: an invalid query is refused',
    async run(s) {
      const db = client(s);
      try {
        const snaps = collector(describeQuery);
        const stop = db
          .collection('live')
          .where(
            'n',
            'in',
            Array.from({ length: 31 }, (_, i) => i),
          )
          .onSnapshot(snaps.push, snaps.error);
        s.record('refusal', await snaps.next());
        stop();
      } finally {
        await db.terminate();
      }
    },
  },
];
