/** Builds AccessRequests against an in-memory set of documents for rules tests. */
import type { AccessRequest, Caller, JsonObject as Json } from '../../src/firestore/service.js';

export const PROJECT = 'demo-rules';

import { toFirestoreFields, toFirestoreValue } from '@campus-safety/testkit/firestore-values';

export function doc(path: string, data: Record<string, unknown>, databaseId = '(default)'): Json {
  return {
    name: `projects/${PROJECT}/databases/${databaseId}/documents/${path}`,
    fields: toFirestoreFields(data),
  };
}

export function user(uid: string, claims: Record<string, unknown> = {}): Caller {
  return { kind: 'user', token: { sub: uid, user_id: uid, ...claims } };
}

export const anonymous: Caller = { kind: 'anonymous' };

/** An access request over `store` (path → document), before and after being the same state. */
export function access(
  caller: Caller,
  method: AccessRequest['method'],
  path: string,
  options: {
    store?: Record<string, Json>;
    after?: Record<string, Json>;
    data?: Record<string, unknown>;
    query?: Json;
    collectionGroup?: boolean;
  } = {},
): AccessRequest {
  const store = options.store ?? {};
  const after = options.after ?? store;
  const existing = method === 'list' ? null : (store[path] ?? null);
  const request: AccessRequest = {
    ctx: { projectId: PROJECT, databaseId: '(default)', caller },
    method,
    path,
    resource: existing,
    readBefore: (p) => store[p] ?? null,
    readAfter: (p) => after[p] ?? null,
  };
  if (options.data) request.requestResource = doc(path, options.data);
  if (options.query) request.query = options.query;
  if (options.collectionGroup) request.collectionGroup = true;
  return request;
}

/** A StructuredQuery with AND-ed field filters: [field, op, value]. */
export function query(
  collectionId: string,
  filters: [string, string, unknown][],
  extra: Json = {},
): Json {
  const fieldFilters = filters.map(([field, op, v]) => ({
    fieldFilter: { field: { fieldPath: field }, op, value: toFirestoreValue(v) },
  }));
  const where =
    fieldFilters.length === 0
      ? undefined
      : fieldFilters.length === 1
        ? fieldFilters[0]
        : { compositeFilter: { op: 'AND', filters: fieldFilters } };
  return { from: [{ collectionId }], ...(where ? { where } : {}), ...extra };
}
