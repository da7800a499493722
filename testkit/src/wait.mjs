/**
 * Polling for tests and start-up: one implementation instead of a helper per suite. Plain .mjs
 * (typed with JSDoc) because `npm start` uses it before anything is installed.
 */

/**
 * Reads until `accept` takes the value, then resolves with that value. Fails after `timeoutMs`
 * naming `what` and the last value read, or with `null` at once when `abort()` says to give up.
 * @template T
 * @param {() => T | Promise<T>} read
 * @param {(value: T) => boolean} accept
 * @param {{ timeoutMs?: number, intervalMs?: number, what?: string }} [options]
 * @returns {Promise<T>}
 */
export async function waitFor(read, accept, options = {}) {
  const { timeoutMs = 15_000, intervalMs = 100, what = 'a condition' } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${what}; last value: ${describe(value)}`,
      );
    }
    await sleep(intervalMs);
  }
}

/**
 * Polls `check` until it gives a truthy value and resolves with it.
 * @template T
 * @param {() => T | Promise<T>} check
 * @param {{ timeoutMs?: number, intervalMs?: number, what?: string }} [options]
 * @returns {Promise<T>}
 */
export function waitUntil(check, options) {
  return waitFor(check, Boolean, options);
}

/**
 * Like waitUntil, but resolves false on timeout or as soon as `abort()` is true (a process it
 * waits for has exited): for callers that explain the failure themselves.
 * @param {() => boolean | Promise<boolean>} check
 * @param {{ timeoutMs: number, intervalMs?: number, abort?: () => boolean }} options
 * @returns {Promise<boolean>}
 */
export async function becomesTrue(check, { timeoutMs, intervalMs = 100, abort }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (abort?.()) return false;
    if (await check()) return true;
    await sleep(intervalMs);
  }
  return false;
}

/**
 * Proves that something stays true for a while (a trigger does not loop, a write is not undone):
 * the one kind of test wait that has a duration. Checks every `intervalMs` for `forMs` and fails
 * at the first check that is false, naming `what`. Everything else waits for an event.
 * @param {() => boolean | Promise<boolean>} check
 * @param {{ forMs: number, intervalMs?: number, what?: string }} options
 * @returns {Promise<void>}
 */
export async function holdsFor(check, { forMs, intervalMs = 100, what = 'a condition' }) {
  const until = Date.now() + forMs;
  for (;;) {
    if (!(await check())) throw new Error(`Stopped holding before ${forMs} ms: ${what}`);
    if (Date.now() >= until) return;
    await sleep(intervalMs);
  }
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {unknown} value */
function describe(value) {
  try {
    return JSON.stringify(value)?.slice(0, 500) ?? String(value);
  } catch {
    return String(value);
  }
}
