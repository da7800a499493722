import {
  collection,
  doc,
  limit,
  orderBy,
  query,
  startAfter,
  updateDoc,
  type QueryConstraint,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { COLLECTIONS, type Assignee, type IncidentReport } from '@campus-safety/model';
import { db } from '../../lib/db';
import { messageOf } from '../../lib/errors';
import { whereConstraints } from '../../lib/where';
import type { IncidentQuerySpec } from './query-spec';

export type Incident = IncidentReport & { id: string };

export function incidentsRef() {
  return collection(db, COLLECTIONS.incidentReports);
}

export function incidentRef(id: string) {
  return doc(db, COLLECTIONS.incidentReports, id);
}

function constraints(spec: IncidentQuerySpec): QueryConstraint[] {
  return [...whereConstraints(spec.wheres), orderBy(spec.orderBy.field, spec.orderBy.direction)];
}

export function incidentPageQuery(
  spec: IncidentQuerySpec,
  pageSize: number,
  after: QueryDocumentSnapshot | null,
) {
  const parts = constraints(spec);
  if (after) parts.push(startAfter(after));
  parts.push(limit(pageSize));
  return query(incidentsRef(), ...parts);
}

/** The console writes only these intents; timing fields, history and notifications are the server's. */
async function write(id: string, change: Record<string, unknown>): Promise<void> {
  try {
    await updateDoc(incidentRef(id), change);
  } catch (error) {
    console.error(`Update of incident ${id} failed`, error);
    throw new Error(messageOf(error));
  }
}

export function assignIncident(
  id: string,
  input: { assignee: Assignee; threatLevel: string; tags: string[] },
) {
  return write(id, {
    status: 'Processing',
    assignedTo: input.assignee,
    threatLevel: input.threatLevel,
    tags: input.tags,
  });
}

export function respondToIncident(id: string) {
  return write(id, { status: 'Responded' });
}

export function declineIncident(id: string, reason: string, description: string) {
  return write(id, {
    status: 'Declined',
    declineReason: reason,
    declineDescription: description.trim(),
  });
}

export function setIncidentArchived(id: string, archived: boolean) {
  return write(id, { isArchived: archived });
}
