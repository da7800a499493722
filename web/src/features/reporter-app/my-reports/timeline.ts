import type { IncidentReport, TimestampLike } from '@campus-safety/model';
import { toDate } from '../../../lib/format';
import type { ReporterNotification } from '../../../data/reporter';
import type { WithId } from '../../../data/spec';

export interface ReporterTimelineEntry {
  id: string;
  at: TimestampLike | null;
  title: string;
  detail: string | null;
}

/**
 * A report's story as its reporter may read it (the staff timeline is staff-only): when it was
 * sent (or written, while the device still holds it), then what the server told them about it
 * (assignment, status moves, messages, a quota notice), oldest first; a notification still without
 * its server time goes last.
 */
export function reporterTimeline(
  incident: WithId<Pick<IncidentReport, 'timestamp' | 'writtenAt'>>,
  notifications: readonly WithId<ReporterNotification>[],
): ReporterTimelineEntry[] {
  const told = notifications
    .filter((n) => n.type_id === incident.id)
    .map((n) => ({ id: n.id, at: n.timestamp, title: n.title, detail: n.message || null }))
    .sort((a, b) => timeOf(a.at) - timeOf(b.at) || a.id.localeCompare(b.id));
  // A report held on the device (docs/reporter-app.md#offline) has no server time yet.
  const start = incident.timestamp
    ? { at: incident.timestamp, title: 'Report sent' }
    : { at: incident.writtenAt ?? null, title: 'Report written on this device' };
  return [{ id: 'sent', ...start, detail: null }, ...told];
}

function timeOf(value: TimestampLike | null): number {
  return toDate(value)?.getTime() ?? Number.POSITIVE_INFINITY;
}

/** Who is handling the report, as the reporter reads it. */
export function handlerText(incident: Pick<IncidentReport, 'assignedTo' | 'status'>): string {
  const name = incident.assignedTo?.displayName;
  if (name) return `Handled by ${name}`;
  return incident.status === 'Reported'
    ? 'Waiting for a member of the safety team'
    : 'Not assigned';
}
