import assert from 'node:assert/strict';
import type { JsonObject as Json } from '../../src/firestore/service.js';
import { DATABASE, ROOT, newEngine, owner } from './helpers.js';

/**
 * The engine at the sizes the product reaches. How fast is measured by `npm run bench:emulator`
 * (batched writes, ordered limit-50 queries, commits to 100 listeners), not asserted here.
 */
describe('engine: at scale', function () {
  this.timeout(120_000);

  it('orders 10,000 documents written in batches of 500 and returns the top 50', async () => {
    const e = newEngine();
    for (let b = 0; b < 20; b++) {
      const writes: Json[] = [];
      for (let i = 0; i < 500; i++) {
        const n = b * 500 + i;
        writes.push({
          update: {
            name: `${ROOT}/items/d${n}`,
            fields: {
              n: { integerValue: String(n) },
              score: { doubleValue: (n * 7919) % 10007 },
              title: { stringValue: `item ${n}` },
            },
          },
        });
      }
      await e.commit(owner, { database: DATABASE, writes });
    }
    const first = await e.runQuery(owner, {
      parent: ROOT,
      structuredQuery: {
        from: [{ collectionId: 'items' }],
        orderBy: [{ field: { fieldPath: 'score' }, direction: 'DESCENDING' }],
        limit: 50,
      },
    });
    const scores = first.map(
      (r) => ((r.document as Json).fields as Record<string, Json>).score!.doubleValue as number,
    );
    // n * 7919 mod 10007 is one-to-one for n < 10,007: the top 50 are 10006 down to 9957.
    assert.deepEqual(
      scores,
      Array.from({ length: 50 }, (_, i) => 10006 - i),
    );
  });

  it('pushes every commit to each of 100 listeners', async () => {
    const e = newEngine();
    let pushed = 0;
    for (let i = 0; i < 100; i++) {
      e.openListen(owner, {
        push: () => void pushed++,
        fail: (err) => assert.fail(err.message),
      }).receive({
        database: DATABASE,
        addTarget: {
          targetId: 2,
          query: { parent: ROOT, structuredQuery: { from: [{ collectionId: 'live' }] } },
        },
      });
    }
    pushed = 0;
    for (let i = 0; i < 30; i++) {
      await e.commit(owner, {
        database: DATABASE,
        writes: [{ update: { name: `${ROOT}/live/d${i}`, fields: {} } }],
      });
    }
    assert.equal(
      pushed,
      30 * 100 * 2,
      'every listener got a document change and a snapshot per commit',
    );
  });
});
