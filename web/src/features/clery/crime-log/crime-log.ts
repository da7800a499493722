import {
  WITHHOLD_REASON_LABELS,
  campusName,
  type Campuses,
  crimeLogEntries,
  type CleryRecord,
  type CrimeLogEntry,
  type IncidentReport,
} from '@campus-safety/model';
import type { WithId } from '../../../data/spec';
import { toCsv } from '../../../lib/csv';
import { formatDate } from '../../../lib/format';
import { programmeTimeZone } from '../../../lib/institution';

/** The crime log of the reports and records the screen read, in the programme zone. */
export function buildCrimeLog(
  incidents: readonly WithId<IncidentReport>[],
  records: readonly WithId<CleryRecord>[],
  now: number,
  holidays: readonly string[],
): CrimeLogEntry[] {
  return crimeLogEntries(
    incidents.map((i) => ({
      id: i.id,
      reportedAt: i.timestamp.toMillis(),
      campus: i.nearestCampus,
      incidentType: i.incidentType,
      status: i.status,
    })),
    new Map(records.map((r) => [r.id, r])),
    now,
    programmeTimeZone(),
    new Set(holidays),
  );
}

/** The log's columns, printed and exported; the times name their zone (the programme's). */
export function crimeLogColumns() {
  return [
    'Case',
    `Date and time reported (${programmeTimeZone()})`,
    `Date and time occurred (${programmeTimeZone()})`,
    'Campus',
    'General location',
    'Nature',
    'Disposition',
  ] as const;
}

/** One printed/exported line: the Clery columns of an entry ("Unknown" when it is not known). */
export function crimeLogCells(entry: CrimeLogEntry, campuses: Campuses): string[] {
  return [
    entry.incidentId,
    formatDate(entry.reportedAt),
    entry.occurredAt === null ? 'Unknown' : formatDate(entry.occurredAt),
    campusName(campuses, entry.campus),
    entry.generalLocation ?? '',
    entry.nature ?? '',
    entry.disposition ?? '',
  ];
}

/** The CSV of the public log: the entries it prints. */
export function crimeLogCsv(printable: readonly CrimeLogEntry[], campuses: Campuses): string {
  return toCsv(
    crimeLogColumns(),
    printable.map((e) => crimeLogCells(e, campuses)),
  );
}

export function withheldLabel(entry: CrimeLogEntry): string | null {
  return entry.withheld ? `Withheld: ${WITHHOLD_REASON_LABELS[entry.withheld]}` : null;
}
