import { FirestoreApiError, GrpcCode } from '../service.js';

/** Shorthands for the errors the engine raises on purpose. */
export function invalid(message: string): FirestoreApiError {
  return new FirestoreApiError(GrpcCode.INVALID_ARGUMENT, message);
}
export function notFound(message: string): FirestoreApiError {
  return new FirestoreApiError(GrpcCode.NOT_FOUND, message);
}
export function alreadyExists(message: string): FirestoreApiError {
  return new FirestoreApiError(GrpcCode.ALREADY_EXISTS, message);
}
export function failedPrecondition(message: string): FirestoreApiError {
  return new FirestoreApiError(GrpcCode.FAILED_PRECONDITION, message);
}
export function aborted(message: string): FirestoreApiError {
  return new FirestoreApiError(GrpcCode.ABORTED, message);
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/*
 * Field readers that check a field's JSON type at run time. The transports decode every request
 * against its proto type already (server/proto-json.ts); the engine checks again because it is
 * also called directly (its own tests, the rules bench), and a wrong shape must stay an
 * INVALID_ARGUMENT, never a crash. `key` is checked against the message type at compile time.
 */

/** Reads an optional message field, rejecting anything that is not an object. */
export function optMessage<T extends object>(
  parent: T,
  key: keyof T & string,
  what: string,
): Record<string, unknown> | undefined {
  const v: unknown = parent[key];
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) throw invalid(`${what}: '${key}' must be an object`);
  return v;
}

export function optString<T extends object>(
  parent: T,
  key: keyof T & string,
  what: string,
): string | undefined {
  const v: unknown = parent[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw invalid(`${what}: '${key}' must be a string`);
  return v;
}

export function reqString<T extends object>(
  parent: T,
  key: keyof T & string,
  what: string,
): string {
  const v = optString(parent, key, what);
  if (v === undefined || v === '') throw invalid(`${what}: '${key}' is required`);
  return v;
}

export function optArray<T extends object>(
  parent: T,
  key: keyof T & string,
  what: string,
): unknown[] {
  const v: unknown = parent[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw invalid(`${what}: '${key}' must be an array`);
  return v;
}

export function optBool<T extends object>(
  parent: T,
  key: keyof T & string,
  what: string,
): boolean | undefined {
  const v: unknown = parent[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw invalid(`${what}: '${key}' must be a boolean`);
  return v;
}

/** int32 fields arrive as numbers (or decimal strings from some JSON encoders). */
export function optInt<T extends object>(
  parent: T,
  key: keyof T & string,
  what: string,
): number | undefined {
  let v: unknown = parent[key];
  if (v === undefined || v === null) return undefined;
  if (isObject(v) && 'value' in v) v = v.value; // wrapper types written as messages
  const n = typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n))
    throw invalid(`${what}: '${key}' must be an integer`);
  return n;
}
