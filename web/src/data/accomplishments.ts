import { COLLECTIONS, type AccomplishmentReport } from '@campus-safety/model';
import {
  entityConverter,
  newDocumentId,
  serverTime,
  updateDocument,
  writeCounted,
} from './firestore';
import { callerUid } from '../lib/auth';
import { accomplishmentScope, incidentAccomplishmentScope } from './scopes';
import type { QuerySpec, WithId } from './spec';
import type { Role } from '@campus-safety/model';

export type Accomplishment = WithId<AccomplishmentReport>;

const converter = entityConverter<AccomplishmentReport>();
const newestFirst = { field: 'timestamp', direction: 'desc' } as const;

/** Staff write the incident's sub-collection; the server copies it to the top level. */
function sourcePath(incidentId: string) {
  return [COLLECTIONS.incidentReports, incidentId, COLLECTIONS.accomplishmentReports];
}

/** The top-level copies the role may read, newest first; null for roles that may read none. */
export function accomplishmentsSpec(
  role: Role | null,
  campus: string | null,
  archived: boolean,
  size: number,
): QuerySpec<AccomplishmentReport> | null {
  const wheres = accomplishmentScope(role, campus, archived);
  if (!wheres) return null;
  return {
    path: [COLLECTIONS.accomplishmentReports],
    converter,
    wheres,
    orderBy: newestFirst,
    limit: size,
  };
}

/** One incident's own accomplishment reports, newest first. */
export function incidentAccomplishmentsSpec(
  incidentId: string,
  role: Role | null,
): QuerySpec<AccomplishmentReport> {
  return {
    path: sourcePath(incidentId),
    converter,
    wheres: incidentAccomplishmentScope(role),
    orderBy: newestFirst,
  };
}

/** The content a staff member writes; the incident snapshot and the copy are the server's. */
export type AccomplishmentContent = {
  title: string;
  description: string;
  resolveCode: string;
  threatLevel: string;
  imageUrl?: string;
};

/**
 * Each create and content edit is counted against the incident's
 * LIMITS.accomplishmentWritesPerReport and carries the count it reached as `revision` (the rules
 * check both; at the limit the error says so).
 */
function writeAccomplishment(
  incidentId: string,
  id: string,
  kind: 'create' | 'update',
  fields: Record<string, unknown>,
  failure: string,
) {
  return writeCounted(
    [COLLECTIONS.incidentReports, incidentId],
    'accomplishment_reports',
    [...sourcePath(incidentId), id],
    kind,
    (revision) => ({ ...fields, revision, updatedBy: callerUid() }),
    failure,
  );
}

export async function createAccomplishment(
  incidentId: string,
  id: string,
  content: AccomplishmentContent,
): Promise<void> {
  await writeAccomplishment(
    incidentId,
    id,
    'create',
    { ...content, isArchived: false, timestamp: serverTime() },
    'Accomplishment report failed',
  );
}

/** An id for a new report, known before the write (its image is uploaded first). */
export function newAccomplishmentId(incidentId: string): string {
  return newDocumentId(sourcePath(incidentId));
}

export function updateAccomplishmentContent(
  incidentId: string,
  id: string,
  content: AccomplishmentContent,
): Promise<void> {
  return writeAccomplishment(
    incidentId,
    id,
    'update',
    { ...content },
    'Accomplishment update failed',
  );
}

/** Archives the top-level copy; the server carries the flag back to the incident's sub-collection. */
export function setAccomplishmentArchived(id: string, archived: boolean): Promise<void> {
  return updateDocument(
    [COLLECTIONS.accomplishmentReports, id],
    { isArchived: archived },
    'Accomplishment archive failed',
  );
}
