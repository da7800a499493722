import {
  COLLECTIONS,
  HANDLED_STATUSES,
  type Assignee,
  type IncidentReport,
} from '@campus-safety/model';
import { callerUid } from '../lib/auth';
import {
  boundaryAt,
  entityConverter,
  listenToQuery,
  serverTime,
  updateDocument,
} from './firestore';
import { NEWEST_FIRST, TRIAGE_ORDER } from './incident-orders';
import { incidentScope, type IncidentScope } from './scopes';
import type { DocSpec, PageBoundary, QuerySpec, Row, WhereSpec, WithId } from './spec';

export type Incident = WithId<IncidentReport>;

const path = [COLLECTIONS.incidentReports] as const;
const converter = entityConverter<IncidentReport>();

export function incidentSpec(id: string): DocSpec<IncidentReport> {
  return { path: [...path, id], converter };
}

/**
 * A page of the reports list: scope and filters, newest first, starting after a row (next page)
 * or ending before one (previous page), or the first page.
 */
export function incidentPageSpec(
  wheres: readonly WhereSpec[],
  size: number,
  boundary: PageBoundary | null,
): QuerySpec<IncidentReport> {
  return { path, converter, wheres, orderBy: NEWEST_FIRST, limit: size, boundary };
}

/** A report row as a page boundary: its timestamp to the nanosecond and its id. */
export function incidentBoundary(row: Row<IncidentReport>): Omit<PageBoundary, 'side'> {
  const { side: _side, ...values } = boundaryAt(row, NEWEST_FIRST.field, 'after');
  return values;
}

/** A triage queue (features/incidents/triage/triage.ts): its filters, oldest first, the first `size`. */
export function triageQueueSpec(
  wheres: readonly WhereSpec[],
  size: number,
): QuerySpec<IncidentReport> {
  return {
    path,
    converter,
    wheres,
    orderBy: TRIAGE_ORDER,
    limit: size,
  };
}

/** The latest live reports the role may read (Home). */
export function latestIncidentsSpec(scope: IncidentScope, size: number): QuerySpec<IncidentReport> {
  return { path, converter, wheres: incidentScope(scope), orderBy: NEWEST_FIRST, limit: size };
}

/**
 * Reports someone is handling that the role may read, newest first (to pick one for an
 * accomplishment report: an unassigned report is assigned first).
 */
export function handledIncidentsSpec(
  scope: IncidentScope,
  size: number,
): QuerySpec<IncidentReport> {
  return {
    path,
    converter,
    wheres: [...incidentScope(scope), { field: 'status', op: 'in', value: [...HANDLED_STATUSES] }],
    orderBy: NEWEST_FIRST,
    limit: size,
  };
}

/**
 * The reports of the role's scope written since `since`, live (the new-incident alert). Takes
 * metadata changes too: what the server confirmed can arrive as a metadata-only change after a
 * first snapshot served from the cache, and the caller needs to tell the two apart.
 */
export function watchNewIncidents(
  scope: IncidentScope,
  since: Date,
  onRows: (rows: Incident[], fromCache: boolean) => void,
  onError: (error: Error) => void,
): () => void {
  const spec: QuerySpec<IncidentReport> = {
    path,
    converter,
    wheres: [...incidentScope(scope), { field: 'timestamp', op: '>=', value: since }],
  };
  return listenToQuery(spec, (u) => onRows(u.rows, u.fromCache), onError, {
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
    assignedAt: serverTime(),
    threatLevel: input.threatLevel,
    tags: input.tags,
  });
}

/**
 * "Assign to me": the signed-in staff member takes the report, named as their staff directory
 * entry names them (as the rules require). No threat level yet: the report stays Unrated until
 * the accomplishment report rates it; the rules accept an unrated assignment only to oneself.
 */
export function assignIncidentToSelf(id: string, me: Assignee) {
  return move(id, { status: 'Processing', assignedTo: me, assignedAt: serverTime() });
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
