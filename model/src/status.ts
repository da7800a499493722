import { isOneOf } from './lists';

/** Values stored on `incident_reports.status`. */
export const INCIDENT_STATUSES = [
  'Reported',
  'Processing',
  'Responded',
  'Resolved',
  'Declined',
] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

/** What people read; the stored value `Reported` is shown as "Incident Reported". */
export const STATUS_LABELS: Record<IncidentStatus, string> = {
  Reported: 'Incident Reported',
  Processing: 'Processing',
  Responded: 'Responded',
  Resolved: 'Resolved',
  Declined: 'Declined',
};

/** Notification colour per status (docs/requirements.md#constants). */
export const STATUS_COLORS: Record<IncidentStatus, NotificationColor> = {
  Reported: 'yellow',
  Processing: 'orange',
  Responded: 'green',
  Resolved: 'blue',
  Declined: 'red',
};
export type NotificationColor = 'yellow' | 'orange' | 'green' | 'blue' | 'red';

/**
 * The only status moves there are. Resolved is reached only through an accomplishment report
 * (the accomplishment trigger makes that move); nothing leaves Resolved or Declined.
 */
export const STATUS_TRANSITIONS: Record<IncidentStatus, readonly IncidentStatus[]> = {
  Reported: ['Processing', 'Declined'],
  Processing: ['Responded', 'Declined'],
  Responded: ['Resolved', 'Declined'],
  Resolved: [],
  Declined: [],
};

export function isIncidentStatus(value: unknown): value is IncidentStatus {
  return isOneOf(INCIDENT_STATUSES, value);
}

export function canMoveStatus(from: IncidentStatus, to: IncidentStatus): boolean {
  return STATUS_TRANSITIONS[from].includes(to);
}

/** Statuses still being worked on: the ones an accomplishment report may be written for. */
export const OPEN_STATUSES = [
  'Reported',
  'Processing',
  'Responded',
] as const satisfies readonly IncidentStatus[];

/**
 * Open and assigned: someone is handling the report. Accomplishment reports are offered only for
 * these (an unassigned report is assigned first), and triage lists them after the unassigned ones.
 */
export const HANDLED_STATUSES = [
  'Processing',
  'Responded',
] as const satisfies readonly (typeof OPEN_STATUSES)[number][];
