import {
  COLLECTIONS,
  OPEN_STATUSES,
  type Assignee,
  type IncidentReport,
} from '@campus-safety/model';
import { callerUid } from '../lib/auth';
import { entityConverter, listenToQuery, updateDocument } from './firestore';
import { incidentScope, type IncidentScope } from './scopes';
import type { Cursor, DocSpec, QuerySpec, WhereSpec, WithId } from './spec';

export type Incident = WithId<IncidentReport>;

const path = [COLLECTIONS.incidentReports] as const;
const converter = entityConverter<IncidentReport>();
const newestFirst = { field: 'timestamp', direction: 'desc' } as const;

export function incidentSpec(id: string): DocSpec<IncidentReport> {
  return { path: [...path, id], converter };
}

/** A page of the reports list: scope and filters, newest first, after the previous page's last row. */
export function incidentPageSpec(
  wheres: readonly WhereSpec[],
  size: number,
  after: Cursor | null,
): QuerySpec<IncidentReport> {
  return { path, converter, wheres, orderBy: newestFirst, limit: size, startAfter: after };
}

/** The latest live reports the role may read (Home). */
export function latestIncidentsSpec(scope: IncidentScope, size: number): QuerySpec<IncidentReport> {
  return { path, converter, wheres: incidentScope(scope), orderBy: newestFirst, limit: size };
}

/** Open reports the role may read, newest first (to pick one for an accomplishment report). */
export function openIncidentsSpec(scope: IncidentScope, size: number): QuerySpec<IncidentReport> {
  return {
    path,
    converter,
    wheres: [...incidentScope(scope), { field: 'status', op: 'in', value: [...OPEN_STATUSES] }],
    orderBy: newestFirst,
    limit: size,
  };
}

/**
 * Counts the reports of the role's scope written since `since`, live. Takes metadata changes
 * too: a count the server confirmed can arrive as a metadata-only change after a first snapshot
 * served from the cache, and the caller needs to tell the two apart.
 */
export function watchIncidentCount(
  scope: IncidentScope,
  since: Date,
  onCount: (count: number, fromCache: boolean) => void,
  onError: (error: Error) => void,
): () => void {
  const spec: QuerySpec<IncidentReport> = {
    path,
    converter,
    wheres: [...incidentScope(scope), { field: 'timestamp', op: '>=', value: since }],
  };
  return listenToQuery(spec, (u) => onCount(u.rows.length, u.fromCache), onError, {
    includeMetadataChanges: true,
  });
}

/** The console writes only these intents; timing fields, timeline and notifications are the server's. */
function write(id: string, change: Record<string, unknown>): Promise<void> {
  return updateDocument([...path, id], change, `Update of incident ${id} failed`);
}

/** A status move, signed with the caller's uid so the server can name who acted. */
function move(id: string, change: Record<string, unknown>): Promise<void> {
  return write(id, { ...change, updatedBy: callerUid() });
}

export function assignIncident(
  id: string,
  input: { assignee: Assignee; threatLevel: string; tags: string[] },
) {
  return move(id, {
    status: 'Processing',
    assignedTo: input.assignee,
    threatLevel: input.threatLevel,
    tags: input.tags,
  });
}

export function respondToIncident(id: string) {
  return move(id, { status: 'Responded' });
}

export function declineIncident(id: string, reason: string, description: string) {
  return move(id, {
    status: 'Declined',
    declineReason: reason,
    declineDescription: description.trim(),
  });
}

export function setIncidentArchived(id: string, archived: boolean) {
  return write(id, { isArchived: archived });
}
