import {
  AggregateField,
  FieldValue,
  Filter,
  Firestore,
  type DocumentData,
  type Query,
} from '@google-cloud/firestore';
import type { Case } from './cases.js';
import { PROJECT, type Session } from './session.js';

/**
 * The admin SDK (@google-cloud/firestore over gRPC) against both engines: the transport the
 * functions use, with the SDK's own request shapes (implicit orders, cursors from snapshots,
 * transactions with retries, vector queries). Results are recorded as data, never times.
 */

export function sdkClient(s: Session): Firestore {
  // The SDK reads FIRESTORE_EMULATOR_HOST when it is constructed (then sends `Bearer owner`).
  process.env.FIRESTORE_EMULATOR_HOST = s.engine.hostPort;
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  return new Firestore({ projectId: PROJECT });
}

/** Document data with map keys sorted at every level (map order is not part of a document). */
export function sortedData(data: DocumentData | undefined): string {
  const sorted = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(sorted);
    if (x === null || typeof x !== 'object' || x.constructor !== Object) return x;
    const o = x as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, sorted(o[k])]),
    );
  };
  return JSON.stringify(sorted(data ?? {}));
}

/** Runs `action` and records its result, or the error's gRPC code (messages differ). */
async function step(s: Session, label: string, action: () => Promise<unknown>): Promise<void> {
  try {
    s.record(label, await action());
  } catch (error) {
    s.record(label, { error: (error as { code?: number }).code ?? 'no code' });
  }
}

const ids = async (q: Query) => (await q.get()).docs.map((d) => d.id);

export const sdkCases: Case[] = [
  {
    name: 'admin SDK over gRPC: writes, reads, queries with SDK cursors, aggregations',
    async run(s) {
      const db = sdkClient(s);
      try {
        const items = db.collection('sdk');
        const batch = db.batch();
        for (let i = 0; i < 8; i++)
          batch.set(items.doc(`d${i}`), { n: i % 3, s: `s${i}`, tags: [i % 2, 'all'] });
        await batch.commit();
        await step(s, 'get', async () => sortedData((await items.doc('d1').get()).data()));
        await step(s, 'getAll', async () =>
          (await db.getAll(items.doc('d2'), items.doc('none'))).map((d) => d.exists),
        );
        await step(s, 'where + orderBy', () => ids(items.where('n', '>=', 1).orderBy('n', 'desc')));
        await step(s, 'inequality on two fields', () =>
          ids(items.where('n', '>', 0).where('s', '<', 's6')),
        );
        await step(s, 'or + in', () =>
          ids(
            items.where(
              Filter.or(Filter.where('n', '==', 0), Filter.where('s', 'in', ['s1', 's2'])),
            ),
          ),
        );
        await step(s, 'array-contains-any', () =>
          ids(items.where('tags', 'array-contains-any', [1])),
        );
        const third = await items.doc('d3').get();
        await step(s, 'startAfter snapshot', () =>
          ids(items.orderBy('n').startAfter(third).limit(3)),
        );
        await step(s, 'endBefore snapshot, inequality', () =>
          ids(items.where('n', '>', 0).endBefore(third)),
        );
        await step(s, 'limitToLast', () => ids(items.orderBy('s').limitToLast(2)));
        await step(s, 'select', async () =>
          (await items.select('s').limit(2).get()).docs.map((d) => sortedData(d.data())),
        );
        await step(s, 'count / sum / avg', async () => {
          const snap = await items
            .where('n', '>', 0)
            .aggregate({
              c: AggregateField.count(),
              s: AggregateField.sum('n'),
              a: AggregateField.average('n'),
            })
            .get();
          return snap.data();
        });
        await step(s, 'update with transforms', async () => {
          await items.doc('d0').update({
            n: FieldValue.increment(5),
            tags: FieldValue.arrayUnion('new'),
            s: FieldValue.delete(),
          });
          return sortedData((await items.doc('d0').get()).data());
        });
        await step(s, 'create existing', () => items.doc('d1').create({ n: 1 }));
        await step(s, 'update missing', () => items.doc('none').update({ n: 1 }));
        await step(s, 'listCollections', async () => (await db.listCollections()).map((c) => c.id));
        await step(s, 'recursive delete of a collection', async () => {
          await items.doc('d1').collection('sub').doc('x').set({ a: 1 });
          await db.recursiveDelete(items);
          return ids(db.collectionGroup('sub'));
        });
      } finally {
        await db.terminate();
      }
    },
  },
  {
    name: 'admin SDK over gRPC: reserved field names and lone surrogates',
    async run(s) {
      const db = sdkClient(s);
      // What a word cut mid surrogate pair becomes (issue 17 item 7): protobufjs encodes a short
      // string's lone surrogate as invalid UTF-8 (refused), a long one's as U+FFFD (stored).
      const codePoints = async (path: string) =>
        [...((await db.doc(path).get()).get('s') as string)].map((c) => c.codePointAt(0));
      try {
        await step(s, 'nested reserved name', () => db.doc('u/a').set({ m: { __x__: 1 } }));
        await step(s, 'reserved name in an array map', () =>
          db.doc('u/a').set({ l: [{ __x__: 1 }] }),
        );
        await step(s, 'update of a nested reserved path', async () => {
          await db.doc('u/b').set({ m: {} });
          return db.doc('u/b').update({ 'm.__x__': FieldValue.increment(1) });
        });
        await step(s, 'names that only look reserved', async () => {
          await db.doc('u/c').set({ m: { __x: 1, x__: 1, __: 1, ___: 1 } });
          return sortedData((await db.doc('u/c').get()).data());
        });
        await step(s, 'short string with a lone surrogate', () =>
          db.doc('u/d').set({ s: 'a\ud83d' }),
        );
        await step(s, 'field name with a lone surrogate', () =>
          db.doc('u/d').set({ 'k\ud83d': 1 }),
        );
        await step(s, 'long string with a lone surrogate', async () => {
          await db.doc('u/e').set({ s: 'a' + '\u{1D400}'.repeat(19) + '\ud835' });
          return codePoints('u/e');
        });
        await step(s, 'well-formed astral string', async () => {
          await db.doc('u/f').set({ s: 'a\u{1D400}' });
          return codePoints('u/f');
        });
      } finally {
        await db.terminate();
      }
    },
  },
  {
    name: 'admin SDK over gRPC: transactions',
    async run(s) {
      const db = sdkClient(s);
      try {
        const counter = db.doc('tx/counter');
        await counter.set({ n: 0 });
        await step(s, 'increments in turn', async () => {
          for (let i = 0; i < 3; i++) {
            await db.runTransaction(async (t) => {
              const snap = await t.get(counter);
              t.update(counter, { n: (snap.get('n') as number) + 1 });
            });
          }
          return (await counter.get()).get('n');
        });
        await step(s, 'query inside a transaction', () =>
          db.runTransaction(async (t) => (await t.get(db.collection('tx'))).docs.map((d) => d.id)),
        );
        await step(s, 'read-only transaction', () =>
          db.runTransaction(async (t) => (await t.get(counter)).get('n'), { readOnly: true }),
        );
        await step(s, 'failing update function rolls back', async () => {
          await db
            .runTransaction(async (t) => {
              t.set(counter, { n: 100 });
              throw new Error('abandon');
            })
            .catch(() => undefined);
          return (await counter.get()).get('n');
        });
      } finally {
        await db.terminate();
      }
    },
  },
  {
    name: 'gap: findNearest through the admin SDK',
    async run(s) {
      const db = sdkClient(s);
      try {
        const docs = db.collection('vec');
        const points: Record<string, number[]> = {
          a: [3, 0, 0],
          b: [2, 2, 0],
          c: [1, 1, 1],
          d: [0, 1, 0],
          e: [1, 0, 0.5],
        };
        for (const [id, xs] of Object.entries(points))
          await docs.doc(id).set({ o: FieldValue.vector(xs), k: id < 'c' ? 1 : 2 });
        for (const distanceMeasure of ['EUCLIDEAN', 'COSINE', 'DOT_PRODUCT'] as const) {
          await step(s, `nearest ${distanceMeasure}`, async () => {
            const snap = await docs
              .findNearest({
                vectorField: 'o',
                queryVector: [1, 0, 0],
                limit: 3,
                distanceMeasure,
                distanceResultField: 'dist',
              })
              .get();
            return snap.docs.map((d) => `${d.id} ${String(d.get('dist'))}`);
          });
        }
        await step(s, 'nearest with prefilter and threshold', async () => {
          const snap = await docs
            .where('k', '==', 2)
            .findNearest({
              vectorField: 'o',
              queryVector: [1, 0, 0],
              limit: 5,
              distanceMeasure: 'EUCLIDEAN',
              distanceThreshold: 1.2,
            })
            .get();
          return snap.docs.map((d) => d.id);
        });
        await step(s, 'vector read back', async () => {
          const o = (await docs.doc('a').get()).get('o') as { toArray(): number[] };
          return o.toArray();
        });
      } finally {
        await db.terminate();
      }
    },
  },
];
