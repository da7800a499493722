import assert from 'node:assert/strict';
import { compareValues, normalizeValue, type Value } from '../../src/firestore/engine/values.js';
import type { JsonObject as Json } from '../../src/firestore/service.js';
import { DATABASE, ROOT, doc, newEngine, owner, query, v } from './helpers.js';

/**
 * Checks ordered/limited/cursor queries against a naive model (filter, full sort, slice) on random
 * data, so the bounded top-k selection and the cursor logic cannot drift from the plain definition.
 */
describe('engine: queries against a naive model', () => {
  function rng(seed: number): () => number {
    return () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
  }

  it('agrees on 300 random ordered queries with limits, offsets and cursors', async () => {
    const random = rng(7);
    const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;
    const pool: unknown[] = [
      null,
      true,
      false,
      0,
      1,
      2,
      2.5,
      -1,
      'a',
      'b',
      'B',
      '',
      [1],
      [0, 1],
      { k: 1 },
    ];
    const e = newEngine();
    const docs: { id: string; a?: Value; b?: Value }[] = [];
    // The model compares values as the engine stores them.
    const stored = (x: unknown) => normalizeValue(v(x), 'model');
    const writes: Json[] = [];
    for (let i = 0; i < 120; i++) {
      const d: { id: string; a?: Value; b?: Value } = { id: `d${String(i).padStart(3, '0')}` };
      if (random() < 0.85) d.a = stored(pick(pool));
      if (random() < 0.85) d.b = stored(pick(pool));
      docs.push(d);
      const fields: Record<string, Json> = {};
      if (d.a) fields.a = d.a;
      if (d.b) fields.b = d.b;
      writes.push({ update: { name: doc(`m/${d.id}`), fields } });
    }
    await e.commit(owner, { database: DATABASE, writes });

    for (let round = 0; round < 300; round++) {
      const fieldsOrdered = random() < 0.5 ? ['a'] : ['a', 'b'];
      if (random() < 0.3) fieldsOrdered.reverse();
      const dirs = fieldsOrdered.map(() => (random() < 0.5 ? 'ASCENDING' : 'DESCENDING'));
      const nameDir = dirs[dirs.length - 1]!;
      const limit = random() < 0.7 ? 1 + Math.floor(random() * 30) : undefined;
      const offset = random() < 0.3 ? Math.floor(random() * 10) : 0;
      const cursorValue = stored(pick(pool));
      const start = random() < 0.4 ? { values: [cursorValue], before: random() < 0.5 } : undefined;
      const sq: Json = {
        from: [{ collectionId: 'm' }],
        orderBy: fieldsOrdered.map((f, i) => ({ field: { fieldPath: f }, direction: dirs[i] })),
        offset,
      };
      if (limit !== undefined) sq.limit = limit;
      if (start) sq.startAt = start;

      // The model: documents having every ordered field, fully sorted (then by name), cursor, slice.
      const key = (d: (typeof docs)[number], f: string) => (f === 'a' ? d.a : d.b)!;
      const cmp = (x: (typeof docs)[number], y: (typeof docs)[number]) => {
        for (const [i, f] of fieldsOrdered.entries()) {
          const c = compareValues(key(x, f), key(y, f));
          if (c !== 0) return dirs[i] === 'DESCENDING' ? -c : c;
        }
        const c = x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
        return nameDir === 'DESCENDING' ? -c : c;
      };
      let expected = docs
        .filter((d) => fieldsOrdered.every((f) => key(d, f) !== undefined))
        .sort(cmp);
      if (start) {
        expected = expected.filter((d) => {
          let c = compareValues(key(d, fieldsOrdered[0]!), cursorValue);
          if (dirs[0] === 'DESCENDING') c = -c;
          return start.before ? c >= 0 : c > 0;
        });
      }
      expected = expected.slice(offset, limit === undefined ? undefined : offset + limit);
      const got = await query(e, sq, ROOT);
      assert.deepEqual(
        got,
        expected.map((d) => `m/${d.id}`),
        JSON.stringify(sq),
      );
    }
  });
});
