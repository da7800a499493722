import type { FireLogEntry } from '@campus-safety/model';
import type { WithId } from '../../../data/spec';
import { toCsv } from '../../../lib/csv';
import { TIME_ZONE, formatDate } from '../../../lib/format';

/** The fire log's columns (668.49(d)), printed and exported; times name their zone. */
export const FIRE_LOG_COLUMNS = [
  'Case',
  `Date reported (${TIME_ZONE})`,
  'Nature',
  `Date and time occurred (${TIME_ZONE})`,
  'General location',
] as const;

/** One printed or exported line of the fire log ("Unknown" when the time is not known). */
export function fireLogCells(entry: WithId<FireLogEntry>): string[] {
  return [
    entry.incidentId,
    formatDate(entry.reportedAt.toMillis()),
    entry.nature,
    entry.occurredAt ? formatDate(entry.occurredAt.toMillis()) : 'Unknown',
    entry.generalLocation,
  ];
}

export function fireLogCsv(entries: readonly WithId<FireLogEntry>[]): string {
  return toCsv(FIRE_LOG_COLUMNS, entries.map(fireLogCells));
}
