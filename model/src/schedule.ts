/**
 * How far a scheduled publication may lie from now. A minute of the past is tolerated (the clock
 * of the person's computer, the time the form took to send); more would publish at once what was
 * meant to wait, as a date in year 0001 did. A year ahead is as far as anyone plans a notice.
 */
export const SCHEDULE_WINDOW = {
  pastToleranceMs: 60_000,
  maxAheadMs: 366 * 24 * 60 * 60_000,
} as const;

/** Why `date` cannot be a publication's scheduled date at `now`, or null when it can. */
export function scheduledDateProblem(date: Date, now: Date): string | null {
  const ms = date.getTime();
  if (ms < now.getTime() - SCHEDULE_WINDOW.pastToleranceMs)
    return 'Choose a time in the future, or publish now.';
  if (ms > now.getTime() + SCHEDULE_WINDOW.maxAheadMs)
    return 'Choose a time at most a year from now.';
  return null;
}
