import {
  campusName,
  incidentTypeLabel,
  type Campuses,
  type IncidentTypeSetting,
} from '@campus-safety/model';
import type { Incident } from '../../../data/incidents';
import { csvTime, type CsvCell } from '../../../lib/csv';

/** The reports export's columns (docs/console.md#csv-exports); times in `timeZone`. */
export function incidentCsvHeader(timeZone: string): string[] {
  return [
    'ID',
    `Reported at (${timeZone})`,
    'Type',
    'Campus',
    'Status',
    'Threat level',
    'Assignee',
    'Waiting time (min)',
    'Response time (min)',
    'Tags',
    'Description',
    'Latitude',
    'Longitude',
  ];
}

/** Minutes to one decimal, as the server computed them; empty until the step happened. */
function minutes(value: number | undefined): CsvCell {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 10) / 10 : '';
}

function coordinate(value: unknown): CsvCell {
  return typeof value === 'number' && Number.isFinite(value) ? value : '';
}

/** One report as a row of `incidentCsvHeader`. */
export function incidentCsvRow(
  incident: Incident,
  timeZone: string,
  campuses: Campuses,
  types: readonly IncidentTypeSetting[],
): CsvCell[] {
  return [
    incident.id,
    csvTime(incident.timestamp, timeZone),
    incidentTypeLabel(types, incident.incidentType),
    campusName(campuses, incident.nearestCampus),
    incident.status,
    incident.threatLevel ?? '',
    incident.assignedTo?.displayName ?? '',
    minutes(incident.waitingTimeInMinutes),
    minutes(incident.responseTimeInMinutes),
    (incident.tags ?? []).join('; '),
    incident.description ?? '',
    coordinate(incident.geoLoc?.latitude),
    coordinate(incident.geoLoc?.longitude),
  ];
}
