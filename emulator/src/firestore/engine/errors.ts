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

/** Reads an optional message field, rejecting anything that is not an object. */
export function optMessage(
  parent: Record<string, unknown>,
  key: string,
  what: string,
): Record<string, unknown> | undefined {
  const v = parent[key];
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) throw invalid(`${what}: '${key}' must be an object`);
  return v;
}

export function optString(
  parent: Record<string, unknown>,
  key: string,
  what: string,
): string | undefined {
  const v = parent[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw invalid(`${what}: '${key}' must be a string`);
  return v;
}

export function reqString(parent: Record<string, unknown>, key: string, what: string): string {
  const v = optString(parent, key, what);
  if (v === undefined || v === '') throw invalid(`${what}: '${key}' is required`);
  return v;
}

export function optArray(parent: Record<string, unknown>, key: string, what: string): unknown[] {
  const v = parent[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw invalid(`${what}: '${key}' must be an array`);
  return v;
}

export function optBool(
  parent: Record<string, unknown>,
  key: string,
  what: string,
): boolean | undefined {
  const v = parent[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw invalid(`${what}: '${key}' must be a boolean`);
  return v;
}

/** int32 fields arrive as numbers (or decimal strings from some JSON encoders). */
export function optInt(
  parent: Record<string, unknown>,
  key: string,
  what: string,
): number | undefined {
  let v = parent[key];
  if (v === undefined || v === null) return undefined;
  if (isObject(v) && 'value' in v) v = v.value; // wrapper types written as messages
  const n = typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n))
    throw invalid(`${what}: '${key}' must be an integer`);
  return n;
}
