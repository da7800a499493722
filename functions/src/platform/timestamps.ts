import type { DocumentData } from 'firebase-admin/firestore';

/** The report time of an incident, or null when the stored value is not a timestamp. */
export function reportedAt(incident: DocumentData | undefined): Date | null {
  const ts: unknown = incident?.timestamp;
  if (ts && typeof (ts as { toDate?: unknown }).toDate === 'function')
    return (ts as { toDate(): Date }).toDate();
  return null;
}

/** Milliseconds of a stored timestamp, or null when the value is not one. */
export function millisOf(value: unknown): number | null {
  if (value && typeof (value as { toMillis?: unknown }).toMillis === 'function') {
    return (value as { toMillis(): number }).toMillis();
  }
  return null;
}
