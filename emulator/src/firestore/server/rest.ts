import type protobuf from 'protobufjs';
import {
  FirestoreApiError,
  GrpcCode,
  type Caller,
  type FirestoreService,
  type JsonObject,
} from '../service.js';
import { invalidArgument } from './errors.js';
import { decodeJsonMessage } from './proto-json.js';
import { databaseOfRequest } from './resource.js';
import { unaryRpc } from './rpc-table.js';

/**
 * The REST v1 JSON surface (`/v1/projects/{p}/databases/{d}/documents...`), as firebase-admin with
 * `preferRest` and the browser SDK's unary calls use it. Each route builds the same request
 * message the gRPC method takes (path and query parameters merged into the body), validates it
 * against the proto, and runs it through the engine. Streaming methods answer with a JSON array.
 */

export interface RestRequest {
  method: string;
  url: URL;
  body: unknown;
  caller: Caller;
}

export interface RestResponse {
  status: number;
  body: unknown;
}

const PATH = /^\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents([/:][^]*)?$/;

/** Verbs on the database (`.../documents:commit`). */
const DATABASE_VERBS: Record<string, string> = {
  batchGet: 'BatchGetDocuments',
  beginTransaction: 'BeginTransaction',
  commit: 'Commit',
  rollback: 'Rollback',
  batchWrite: 'BatchWrite',
};
/** Verbs on a parent document or the root (`.../documents/a/b:runQuery`). */
const PARENT_VERBS: Record<string, string> = {
  runQuery: 'RunQuery',
  runAggregationQuery: 'RunAggregationQuery',
  listCollectionIds: 'ListCollectionIds',
};
const UNSUPPORTED_VERBS = new Set(['write', 'listen', 'partitionQuery']);

/** Google's system query parameters, which are not request fields. */
const SYSTEM_PARAMS = new Set([
  'alt',
  'key',
  'prettyPrint',
  'quotaUser',
  'fields',
  'callback',
  'access_token',
  'upload_protocol',
  'uploadType',
]);

export function isRestPath(pathname: string): boolean {
  return pathname.startsWith('/v1/');
}

export async function handleRest(
  service: FirestoreService,
  request: RestRequest,
): Promise<RestResponse> {
  const match = PATH.exec(request.url.pathname);
  if (!match)
    throw new FirestoreApiError(
      GrpcCode.NOT_FOUND,
      `No such REST resource: ${request.url.pathname}`,
    );
  const database = `projects/${decode(match[1]!)}/databases/${decode(match[2]!)}`;
  const documents = `${database}/documents`;
  let rest = match[3] ?? '';
  let verb: string | undefined;
  const colon = rest.lastIndexOf(':');
  if (colon >= 0 && colon > rest.lastIndexOf('/')) {
    verb = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
  }
  const segments = rest.split('/').filter(Boolean).map(decode);
  const relative = segments.join('/');
  const under = relative ? `${documents}/${relative}` : documents;

  if (verb !== undefined) {
    if (request.method !== 'POST') throw methodNotAllowed(request.method, request.url.pathname);
    if (UNSUPPORTED_VERBS.has(verb)) {
      throw new FirestoreApiError(
        GrpcCode.UNIMPLEMENTED,
        `:${verb} is not available over REST in this emulator; use gRPC or WebChannel.`,
      );
    }
    const databaseRpc = DATABASE_VERBS[verb];
    if (databaseRpc && segments.length === 0) {
      return run(service, request, databaseRpc, { ...bodyObject(request.body), database });
    }
    const parentRpc = PARENT_VERBS[verb];
    if (parentRpc && segments.length % 2 === 0) {
      return run(service, request, parentRpc, { ...bodyObject(request.body), parent: under });
    }
    throw new FirestoreApiError(GrpcCode.NOT_FOUND, `No such REST method: ${request.url.pathname}`);
  }

  const isDocument = segments.length % 2 === 0 && segments.length > 0;
  switch (request.method) {
    case 'GET':
      if (isDocument) return run(service, request, 'GetDocument', { name: under });
      if (segments.length === 0) break;
      return run(service, request, 'ListDocuments', {
        parent: parentOf(documents, segments),
        collectionId: segments[segments.length - 1],
      });
    case 'POST':
      if (isDocument || segments.length === 0) break;
      return run(service, request, 'CreateDocument', {
        parent: parentOf(documents, segments),
        collectionId: segments[segments.length - 1],
        document: bodyObject(request.body),
      });
    case 'PATCH':
      if (!isDocument) break;
      return run(service, request, 'UpdateDocument', {
        document: { ...bodyObject(request.body), name: under },
      });
    case 'DELETE':
      if (!isDocument) break;
      return run(service, request, 'DeleteDocument', { name: under });
    default:
      throw methodNotAllowed(request.method, request.url.pathname);
  }
  throw new FirestoreApiError(
    GrpcCode.NOT_FOUND,
    `${request.method} ${request.url.pathname}: no REST method for a ${isDocument ? 'document' : 'collection'} path.`,
  );
}

async function run(
  service: FirestoreService,
  request: RestRequest,
  rpcName: string,
  base: JsonObject,
): Promise<RestResponse> {
  const rpc = unaryRpc(rpcName)!;
  const merged = mergeQuery(rpc.types.request.proto, base, request.url.searchParams);
  const message = decodeJsonMessage(rpc.types.request, merged);
  const ctx = { ...databaseOfRequest(message), caller: request.caller };
  const result = await rpc.call(service, ctx, message);
  return { status: 200, body: result };
}

function parentOf(documents: string, segments: string[]): string {
  const parent = segments.slice(0, -1).join('/');
  return parent ? `${documents}/${parent}` : documents;
}

function bodyObject(body: unknown): JsonObject {
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidArgument('Invalid JSON payload received: the request body must be a JSON object.');
  }
  return body as JsonObject;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw invalidArgument(`Malformed percent-encoding in the path segment "${segment}".`);
  }
}

function methodNotAllowed(method: string, path: string): FirestoreApiError {
  return new FirestoreApiError(GrpcCode.UNIMPLEMENTED, `${method} is not supported on ${path}.`);
}

/**
 * Merges query parameters (`mask.fieldPaths=a&currentDocument.exists=true&pageSize=10`) into the
 * request, typed by the request message: repeated fields collect, booleans and numbers parse.
 */
function mergeQuery(type: protobuf.Type, base: JsonObject, params: URLSearchParams): JsonObject {
  const out = structuredClone(base);
  for (const [key, raw] of params) {
    if (key.startsWith('$') || SYSTEM_PARAMS.has(key)) continue;
    let target: JsonObject = out;
    let current: protobuf.Type = type;
    const parts = key.split('.');
    parts.forEach((part, i) => {
      const field =
        current.fields[part] ??
        current.fields[part.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())];
      if (!field)
        throw invalidArgument(
          `Invalid JSON payload received. Unknown name "${key}": Cannot bind query parameter.`,
        );
      field.resolve();
      const resolved = field.resolvedType;
      const last = i === parts.length - 1;
      if (!last) {
        if (!resolved || !('fields' in resolved)) {
          throw invalidArgument(`Invalid query parameter "${key}": "${part}" is not a message.`);
        }
        const next = (target[field.name] ??= {}) as JsonObject;
        target = next;
        current = resolved as protobuf.Type;
        return;
      }
      const value = queryScalar(field, raw, key);
      if (field.repeated) ((target[field.name] ??= []) as unknown[]).push(value);
      else target[field.name] = value;
    });
  }
  return out;
}

function queryScalar(field: protobuf.Field, raw: string, key: string): unknown {
  const resolved = field.resolvedType;
  const kind = resolved && 'fields' in resolved ? (resolved as protobuf.Type).fullName : field.type;
  switch (kind) {
    case 'bool':
    case '.google.protobuf.BoolValue':
      if (raw === 'true') return true;
      if (raw === 'false') return false;
      throw invalidArgument(
        `Invalid value for query parameter "${key}": "${raw}" is not a boolean.`,
      );
    case 'int32':
    case 'uint32':
    case 'double':
    case 'float':
    case '.google.protobuf.Int32Value':
      return raw.trim() !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
    default:
      return raw;
  }
}
