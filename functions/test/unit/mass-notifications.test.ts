import assert from 'node:assert/strict';
import { MASS_NOTIFICATION_LIMITS } from '@campus-safety/model';
import {
  pushCallsOf,
  refusedEverywhere,
  tokenCalls,
} from '../../src/services/mass-notifications/push-calls';
import { readShardOf } from '../../src/services/mass-notifications/reads';

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

  it('queues push calls that name each person once, with their run of the call’s tokens', () => {
    const tokensByUid = new Map(
      Array.from({ length: 300 }, (_, p) => [
        `u${p}`,
        Array.from({ length: (p % 3) + 1 }, (_, d) => `t${p}-${d}`),
      ]),
    );
    const uids = [...tokensByUid.keys()];
    const calls = pushCallsOf(uids, tokensByUid);
    assert.ok(calls.length > 1 && calls.every((c) => c.tokens.length <= 500));
    assert.deepEqual(
      calls.flatMap((c) => c.uids),
      uids,
    );
    for (const call of calls) {
      assert.deepEqual(
        call.tokens,
        call.uids.flatMap((uid) => tokensByUid.get(uid)!),
      );
      assert.deepEqual(
        call.tokenCounts,
        call.uids.map((uid) => tokensByUid.get(uid)!.length),
      );
    }
  });

  it('counts a person failed only when every one of their devices refused the push', () => {
    const call = {
      uids: ['a', 'b', 'c'],
      tokens: ['a1', 'b1', 'b2', 'c1'],
      tokenCounts: [1, 2, 1],
    };
    assert.deepEqual(refusedEverywhere(call, new Set(['a1', 'b1'])), ['a']);
    assert.deepEqual(refusedEverywhere(call, new Set(['b1', 'b2', 'c1'])), ['b', 'c']);
    assert.deepEqual(refusedEverywhere(call, new Set()), []);
  });

  it('puts one reader on one shard, and readers across every shard', () => {
    assert.equal(readShardOf('uid-1'), readShardOf('uid-1'));
    const shards = new Set(Array.from({ length: 2000 }, (_, i) => readShardOf(`user-${i}`)));
    assert.equal(shards.size, MASS_NOTIFICATION_LIMITS.readShards);
  });
});
