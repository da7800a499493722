/**
 * Benchmark sizes. `BENCH_SMOKE=1` runs every bench at a size that takes seconds: the
 * `root: test:benches` suite does so, so a bench that stops measuring fails `npm test` while its
 * real figures still come from the full size.
 */
export const smoke = process.env.BENCH_SMOKE === '1';

/**
 * The full size, or the smoke size under BENCH_SMOKE=1.
 * @template T
 * @param {T} full
 * @param {T} small
 * @returns {T}
 */
export function benchSize(full, small) {
  return smoke ? small : full;
}
