import { incidentScope, type IncidentScope } from './scopes';
import type { WhereSpec } from './spec';

/**
 * Live reports of the role's scope whose reporter wrote something no staff member has read (the
 * message trigger sets `reporterReplied`; staff reading the conversation clear it). One query for
 * the "Reporter replied" queue of the triage view, the navigation count and the live alert; read in
 * triage order, its composite indexes are in firestore.indexes.json.
 */
export function reporterRepliedWheres(scope: IncidentScope): WhereSpec[] {
  return [
    ...incidentScope({ ...scope, archived: false }),
    { field: 'reporterReplied', op: '==', value: true },
  ];
}
