import { COLLECTIONS, type CampusLead } from '@campus-safety/model';
import { createDocument, deleteDocument, entityConverter, serverTime } from './firestore';
import type { QuerySpec } from './spec';

const converter = entityConverter<CampusLead>();

/**
 * Every campus's designated lead (one doc per campus, at most three): the IMT member told, with
 * the Admins, when a report of the campus waits unassigned past its target (the escalation).
 */
export function campusLeadsSpec(): QuerySpec<CampusLead> {
  return { path: [COLLECTIONS.campusLeads], converter, wheres: [] };
}

/** Admins only (rules): the lead is an IMT member of that campus, named as their directory entry. */
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
