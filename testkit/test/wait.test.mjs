import assert from 'node:assert/strict';
import { test } from 'node:test';
import { becomesTrue, holdsFor, waitFor, waitUntil } from '../src/wait.mjs';

test('waitUntil resolves with the first truthy value', async () => {
  let calls = 0;
  const value = await waitUntil(() => (++calls >= 3 ? { calls } : null), { intervalMs: 1 });
  assert.deepEqual(value, { calls: 3 });
});

test('waitFor fails after the timeout, naming what it waited for and the last value', async () => {
  let n = 0;
  await assert.rejects(
    waitFor(
      async () => ++n,
      (value) => value > 1e9,
      { timeoutMs: 30, intervalMs: 5, what: 'a big number' },
    ),
    (error) => {
      assert.match(
        error.message,
        /Timed out after 30 ms waiting for a big number; last value: \d+/,
      );
      return true;
    },
  );
});

test('becomesTrue gives up at once when aborted, and says false on timeout', async () => {
  const started = Date.now();
  assert.equal(await becomesTrue(() => false, { timeoutMs: 10_000, abort: () => true }), false);
  assert.ok(Date.now() - started < 1000);
  assert.equal(await becomesTrue(() => false, { timeoutMs: 20, intervalMs: 5 }), false);
  assert.equal(await becomesTrue(async () => true, { timeoutMs: 20 }), true);
});

test('holdsFor checks for the whole duration and fails at the first false check', async () => {
  let calls = 0;
  const started = Date.now();
  await holdsFor(() => ++calls > 0, { forMs: 50, intervalMs: 5 });
  assert.ok(Date.now() - started >= 50);
  assert.ok(calls >= 2);

  let left = 3;
  await assert.rejects(
    holdsFor(() => --left > 0, { forMs: 10_000, intervalMs: 1, what: 'the count' }),
    /Stopped holding before 10000 ms: the count/,
  );
  assert.equal(left, 0);
});
