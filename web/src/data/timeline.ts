import {
  COLLECTIONS,
  type CampusLead,
  type InternalNote,
  type TimelineEntry,
} from '@campus-safety/model';
import { callerUid } from '../lib/auth';
import {
  createDocument,
  deleteDocument,
  entityConverter,
  newDocumentId,
  serverTime,
} from './firestore';
import type { DocSpec, QuerySpec } from './spec';

const entryConverter = entityConverter<TimelineEntry>();
const noteConverter = entityConverter<InternalNote>();
const leadConverter = entityConverter<CampusLead>();
const oldestFirst = { field: 'at', direction: 'asc' } as const;

/** Bounds what one incident's timeline and notes may cost to read (a report has a handful). */
export const TIMELINE_LIMIT = 200;

function incidentPath(incidentId: string) {
  return [COLLECTIONS.incidentReports, incidentId] as const;
}

/** The server-written timeline of one incident, oldest first. */
export function timelineSpec(incidentId: string): QuerySpec<TimelineEntry> {
  return {
    path: [...incidentPath(incidentId), COLLECTIONS.timeline],
    converter: entryConverter,
    wheres: [],
    orderBy: oldestFirst,
    limit: TIMELINE_LIMIT,
  };
}

/** The staff's internal notes on one incident, oldest first. */
export function internalNotesSpec(incidentId: string): QuerySpec<InternalNote> {
  return {
    path: [...incidentPath(incidentId), COLLECTIONS.internalNotes],
    converter: noteConverter,
    wheres: [],
    orderBy: oldestFirst,
    limit: TIMELINE_LIMIT,
  };
}

/**
 * Adds a note as the signed-in staff member: the rules check the author against the caller and
 * the staff directory, and the time against the commit.
 */
export function addInternalNote(incidentId: string, text: string, authorName: string) {
  const path = [...incidentPath(incidentId), COLLECTIONS.internalNotes];
  return createDocument(
    [...path, newDocumentId(path)],
    { text, authorId: callerUid(), authorName, at: serverTime() },
    'The note was not saved',
  );
}

/** Every campus's designated lead (one doc per campus, at most three). */
export function campusLeadsSpec(): QuerySpec<CampusLead> {
  return { path: [COLLECTIONS.campusLeads], converter: leadConverter, wheres: [] };
}

export function campusLeadSpec(campus: string): DocSpec<CampusLead> {
  return { path: [COLLECTIONS.campusLeads, campus], converter: leadConverter };
}

export function setCampusLead(
  campus: string,
  lead: { uid: string; displayName: string; email: string },
) {
  return createDocument(
    [COLLECTIONS.campusLeads, campus],
    { ...lead, updatedAt: serverTime() },
    `The lead of ${campus} was not saved`,
  );
}

export function clearCampusLead(campus: string) {
  return deleteDocument([COLLECTIONS.campusLeads, campus], `The lead of ${campus} was not cleared`);
}
