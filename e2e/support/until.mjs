/** Polls `check` until it returns a truthy value; fails with `describe()` of the last state. */
export async function until(
  check,
  { timeoutMs = 15_000, intervalMs = 150, what = 'condition' } = {},
) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    last = await check();
    if (last) return last;
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
