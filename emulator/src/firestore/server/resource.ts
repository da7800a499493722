import type { AnyUnaryRequest } from './rpc-table.js';
import type { FirestoreRpcs } from '../protocol/messages.js';
import { invalidArgument } from './errors.js';

export interface DatabaseRef {
  projectId: string;
  databaseId: string;
}

const DATABASE_PREFIX = /^projects\/([^/]+)\/databases\/([^/]+)(?:\/documents(?:\/.*)?)?$/;

/** The project and database a resource name (`projects/p/databases/d/documents/...`) is in. */
export function databaseOf(resourceName: string, where = 'name'): DatabaseRef {
  const match = DATABASE_PREFIX.exec(resourceName);
  if (!match) {
    throw invalidArgument(
      `Invalid resource name at '${where}': "${resourceName}" is not of the form projects/{project_id}/databases/{database_id}[/documents/...].`,
    );
  }
  return { projectId: decodeURIComponent(match[1]!), databaseId: decodeURIComponent(match[2]!) };
}

/**
 * The database a request addresses, from the field each Firestore RPC names it in
 * (`database`, `parent`, `name` or `document.name`).
 */
export function databaseOfRequest(
  request: AnyUnaryRequest | FirestoreRpcs['Write' | 'Listen']['request'],
): DatabaseRef {
  if ('database' in request && request.database !== undefined)
    return databaseOf(request.database, 'database');
  if ('parent' in request && request.parent !== undefined)
    return databaseOf(request.parent, 'parent');
  if ('name' in request && request.name !== undefined) return databaseOf(request.name, 'name');
  if ('document' in request && request.document?.name !== undefined)
    return databaseOf(request.document.name, 'document.name');
  throw invalidArgument(
    'The request names no database: expected a "database", "parent" or "name" field.',
  );
}

/**
 * The database named by the routing headers the SDKs send on streams
 * (`google-cloud-resource-prefix`, or `database=` in `x-goog-request-params`), if any.
 */
export function databaseOfHeaders(
  headers: Record<string, string | string[] | undefined>,
): DatabaseRef | null {
  const prefix = first(headers['google-cloud-resource-prefix']);
  if (prefix && DATABASE_PREFIX.test(prefix)) return databaseOf(prefix);
  const params = first(headers['x-goog-request-params']);
  if (params) {
    const database = new URLSearchParams(params).get('database');
    if (database && DATABASE_PREFIX.test(database)) return databaseOf(database);
  }
  return null;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
