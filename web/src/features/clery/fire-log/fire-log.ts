import type { FireLogEntry } from '@campus-safety/model';
import type { WithId } from '../../../data/spec';
import { toCsv } from '../../../lib/csv';
import { formatDate } from '../../../lib/format';
import { programmeTimeZone } from '../../../lib/institution';

/** The fire log's columns (668.49(d)), printed and exported; times name their zone. */
export function fireLogColumns() {
  return [
    'Case',
    `Date reported (${programmeTimeZone()})`,
    'Nature',
    `Date and time occurred (${programmeTimeZone()})`,
    'General location',
  ] as const;
}

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
  return toCsv(fireLogColumns(), entries.map(fireLogCells));
}
