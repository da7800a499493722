import { COLLECTIONS, type Campus, type CampusLead } from '@campus-safety/model';
import { createDocument, deleteDocument, entityConverter, serverTime } from './firestore';
import type { QuerySpec } from './spec';

const converter = entityConverter<CampusLead>();

/**
 * Every campus's designated lead (one doc per campus id): the IMT member told, with
 * the Admins, when a report of the campus waits unassigned past its target (the escalation).
 */
export function campusLeadsSpec(): QuerySpec<CampusLead> {
  return { path: [COLLECTIONS.campusLeads], converter, wheres: [] };
}

/** Admins only (rules): the lead is an IMT member of that campus, named as their directory entry. */
export function setCampusLead(
  campus: Campus,
  lead: { uid: string; displayName: string; email: string },
) {
  return createDocument(
    [COLLECTIONS.campusLeads, campus.id],
    { ...lead, updatedAt: serverTime() },
    `The lead of ${campus.name} was not saved`,
  );
}

export function clearCampusLead(campus: Campus) {
  return deleteDocument(
    [COLLECTIONS.campusLeads, campus.id],
    `The lead of ${campus.name} was not cleared`,
  );
}
