import assert from 'node:assert/strict';
import { MASS_NOTIFICATION_LIMITS } from '@campus-safety/model';
import { readShardOf, tokenCalls } from '../../src/services/mass-notifications';

describe('mass-notification fan-out helpers', () => {
  it('cuts a page’s tokens into FCM calls of at most 500, keeping each person’s devices together', () => {
    const people = Array.from({ length: 100 }, (_, p) =>
      Array.from({ length: 20 }, (_, d) => `t${p}-${d}`),
    );
    const calls = tokenCalls(people);
    assert.equal(calls.length, 4);
    assert.ok(calls.every((c) => c.length <= 500));
    assert.deepEqual(calls.flat(), people.flat());
    for (const call of calls)
      assert.equal(new Set(call.map((t) => t.split('-')[0])).size * 20, call.length);
    assert.deepEqual(tokenCalls([]), []);
  });

  it('puts one reader on one shard, and readers across every shard', () => {
    assert.equal(readShardOf('uid-1'), readShardOf('uid-1'));
    const shards = new Set(Array.from({ length: 2000 }, (_, i) => readShardOf(`user-${i}`)));
    assert.equal(shards.size, MASS_NOTIFICATION_LIMITS.readShards);
  });
});
