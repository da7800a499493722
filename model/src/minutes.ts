/**
 * Whole minutes elapsed between two instants (rounded down, never negative): the value of
 * `waitingTimeInMinutes` and `responseTimeInMinutes`, written by the status trigger and the seed.
 * A clock skew that puts `to` before `from` gives 0 rather than a negative duration.
 */
export function minutesBetween(fromMs: number, toMs: number): number {
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs)) {
    throw new RangeError('minutesBetween needs two finite instants');
  }
  return Math.max(0, Math.floor((toMs - fromMs) / 60_000));
}
