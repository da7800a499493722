import assert from 'node:assert/strict';
import type { JsonObject as Json } from '../../src/firestore/service.js';
import { DATABASE, ROOT, RecordingSink, doc, newEngine, owner, query, v } from './helpers.js';

/**
 * Applies random commits and checks that each target's view, rebuilt from the listen responses the
 * way an SDK does, always equals what the same query returns.
 */
describe('engine: listen views against queries', () => {
  function rng(seed: number): () => number {
    return () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
  }

  it('keeps filtered, ordered and limited targets equal to their query through 200 random commits', async () => {
    const random = rng(3);
    const e = newEngine();
    const targets: Json[] = [
      {
        from: [{ collectionId: 'w' }],
        where: { fieldFilter: { field: { fieldPath: 'n' }, op: 'GREATER_THAN', value: v(3) } },
      },
      {
        from: [{ collectionId: 'w' }],
        orderBy: [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' }],
        limit: 3,
      },
      {
        from: [{ collectionId: 'w' }],
        orderBy: [{ field: { fieldPath: 'n' } }],
        offset: 1,
        limit: 2,
      },
      {
        from: [{ collectionId: 'w' }],
        where: { fieldFilter: { field: { fieldPath: 'tag' }, op: 'IN', value: v(['x', 'y']) } },
      },
    ];
    const sink = new RecordingSink();
    const session = e.openListen(owner, sink);
    targets.forEach((structuredQuery, i) =>
      session.receive({
        database: DATABASE,
        addTarget: { targetId: 2 * (i + 1), query: { parent: ROOT, structuredQuery } },
      }),
    );
    const views = targets.map(() => new Set<string>());
    const apply = () => {
      for (const r of sink.take()) {
        const change = r.documentChange as Json | undefined;
        const name = change
          ? ((change.document as Json).name as string)
          : ((r.documentDelete ?? r.documentRemove) as Json | undefined)?.document;
        if (typeof name !== 'string') continue;
        const path = name.slice(ROOT.length + 1);
        for (const id of (change?.targetIds as number[] | undefined) ?? [])
          views[id / 2 - 1]!.add(path);
        const removed = (change?.removedTargetIds ??
          ((r.documentDelete ?? r.documentRemove) as Json).removedTargetIds) as number[];
        for (const id of removed ?? []) views[id / 2 - 1]!.delete(path);
      }
    };
    apply();
    for (let round = 0; round < 200; round++) {
      const writes: Json[] = [];
      const count = 1 + Math.floor(random() * 3);
      for (let i = 0; i < count; i++) {
        const name = doc(`w/d${Math.floor(random() * 12)}`);
        if (random() < 0.25) writes.push({ delete: name });
        else {
          const fields: Record<string, Json> = {};
          if (random() < 0.9) fields.n = v(Math.floor(random() * 8));
          fields.tag = v(['x', 'y', 'z'][Math.floor(random() * 3)]);
          writes.push({ update: { name, fields } });
        }
      }
      await e.commit(owner, { database: DATABASE, writes });
      apply();
      for (const [i, structuredQuery] of targets.entries()) {
        const expected = await query(e, structuredQuery);
        assert.deepEqual(
          [...views[i]!].sort(),
          [...expected].sort(),
          `round ${round}, target ${i}`,
        );
      }
    }
  });
});
