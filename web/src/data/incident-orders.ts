/**
 * The orders the console reads incident reports in: one home, imported by the data layer's
 * specs and by the index test (test/indexes), which must check the orders actually issued.
 */

/** The reports list, Home, the picker, the map: the latest first. */
export const NEWEST_FIRST = { field: 'timestamp', direction: 'desc' } as const;

/** The triage queues: the longest waiting first. */
export const TRIAGE_ORDER = { field: 'timestamp', direction: 'asc' } as const;
