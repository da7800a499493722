import { formatDate } from '../../../lib/format';
import type { Incident } from '../../../data/incidents';

/** How a row's buttons name their report for assistive tech: "report Fire of Mar 05 2026 02:07:09 PM". */
export function rowName(incident: Pick<Incident, 'incidentType' | 'timestamp'>): string {
  return `report ${incident.incidentType} of ${formatDate(incident.timestamp)}`;
}
