import { fullName, type StaffDirectoryEntry } from '@campus-safety/model';
import { assignIncident, assignIncidentToSelf } from '../../data/incidents';
import type { WithId } from '../../data/spec';
import { addInternalNote } from '../../data/timeline';

/*
 * The incident screens' writes and one-off reads, in one place for the whole feature (list,
 * triage, detail, timeline). The writes themselves are the data layer's; here they take what the
 * screens hold (a staff directory entry, the author's name parts).
 */

export { declineIncident, respondToIncident, setIncidentArchived } from '../../data/incidents';
export { markEscalationRead } from '../../data/escalations';
export { acknowledgeAssignment, reassignReport } from '../../data/assignments';
export { readWholeTimeline } from '../../data/timeline';

type StaffEntry = WithId<StaffDirectoryEntry>;

/** The rules accept an assignee named exactly as their staff directory entry names them. */
function assigneeOf(person: StaffEntry) {
  return { id: person.id, displayName: person.displayName, email: person.email };
}

/** Assigns the report to `person` with its threat level and tags (status becomes Processing). */
export function assignReport(
  incidentId: string,
  person: StaffEntry,
  rating: { threatLevel: string; tags: string[] },
) {
  return assignIncident(incidentId, { assignee: assigneeOf(person), ...rating });
}

/** "Assign to me": the signed-in staff member, by their own directory entry, takes the report. */
export function assignReportToMe(incidentId: string, me: StaffEntry) {
  return assignIncidentToSelf(incidentId, assigneeOf(me));
}

/** An internal note by the signed-in staff member, trimmed, signed with their full name. */
export function addNote(
  incidentId: string,
  text: string,
  author: { firstName?: unknown; lastName?: unknown },
) {
  return addInternalNote(incidentId, text.trim(), fullName(author));
}
