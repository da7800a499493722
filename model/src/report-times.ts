/**
 * A report's two times (issue 32 item 4, docs/reporter-app.md#offline): `writtenAt`, the device's
 * time when the reporter wrote it, and `timestamp`, the server's when it arrived. A report queued
 * on a phone without signal arrives later than it was written; staff see both when they differ.
 */

/** Staff see the written time beside the arrival once the two are further apart than this. */
export const WRITTEN_AT_SHOWN_AFTER_MS = 60_000;

interface Instant {
  toMillis(): number;
}

/** The device's time of writing when it is worth showing beside the arrival, else null. */
export function writtenBeforeArrival<T extends Instant>(report: {
  timestamp?: T | null;
  writtenAt?: T | null;
}): T | null {
  const { timestamp, writtenAt } = report;
  if (!timestamp || !writtenAt) return null;
  return Math.abs(timestamp.toMillis() - writtenAt.toMillis()) > WRITTEN_AT_SHOWN_AFTER_MS
    ? writtenAt
    : null;
}
