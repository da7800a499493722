import {
  REPORT_DATE_FORMAT,
  REPORT_TIME_FORMAT,
  type AccomplishmentIncidentSnapshot,
} from '@campus-safety/model';
import { formatDate } from './date-format';

/** The incident fields the snapshot reads; all optional because stored data may be incomplete. */
export interface IncidentForSnapshot {
  reportedAt: Date | null;
  incidentType?: unknown;
  geoLoc?: { latitude?: unknown; longitude?: unknown } | null;
  nearestCampus?: unknown;
  assignedTo?: { displayName?: unknown } | null;
  threatLevel?: unknown;
}

/**
 * The `report{...}` snapshot of the top-level accomplishment copy: the incident as it stood when
 * the accomplishment was written. `date` and `time` are the two halves of DATE_FORMAT in the
 * display time zone; the accomplishment's own threat level wins over the incident's because the
 * trigger syncs it onto the incident in the same run.
 */
export function accomplishmentSnapshot(
  incidentId: string,
  incident: IncidentForSnapshot,
  accomplishmentThreatLevel: unknown,
  timeZone: string,
): AccomplishmentIncidentSnapshot {
  const at = incident.reportedAt;
  return {
    id: incidentId,
    date: at ? formatDate(at, REPORT_DATE_FORMAT, timeZone) : '',
    time: at ? formatDate(at, REPORT_TIME_FORMAT, timeZone) : '',
    type: text(incident.incidentType),
    latitude: number(incident.geoLoc?.latitude),
    longitude: number(incident.geoLoc?.longitude),
    campus: text(incident.nearestCampus),
    assignee: text(incident.assignedTo?.displayName),
    threatLevel: nonEmpty(accomplishmentThreatLevel) ?? nonEmpty(incident.threatLevel) ?? null,
  };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
function number(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}
