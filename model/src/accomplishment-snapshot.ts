import { REPORT_DATE_FORMAT, REPORT_TIME_FORMAT } from './constants';
import { formatInZone } from './dates';
import type { AccomplishmentIncidentSnapshot } from './entities';

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
 * the accomplishment was written (by the accomplishment trigger, and by the seed). `date` and
 * `time` are the two halves of DATE_FORMAT in the programme time zone; the accomplishment's own
 * threat level wins over the incident's because the trigger syncs it onto the incident.
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
    date: at ? formatInZone(at, timeZone, REPORT_DATE_FORMAT) : '',
    time: at ? formatInZone(at, timeZone, REPORT_TIME_FORMAT) : '',
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
