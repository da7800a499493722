import { incidentScope, type IncidentScope } from './scopes';
import type { WhereSpec } from './spec';

/**
 * Live reports of the role's scope with an open escalation (`escalation.open`, written by
 * housekeeping, cleared by endEscalation): what the escalation alert follows. Read in triage
 * order; its composite index is in firestore.indexes.json.
 */
export function openEscalationWheres(scope: IncidentScope): WhereSpec[] {
  return [
    ...incidentScope({ ...scope, archived: false }),
    { field: 'escalation.open', op: '==', value: true },
  ];
}
