/** Firestore documents and values in proto3 JSON form → rules values. */
import type { Value } from '../firestore/sdk-api.js';
import type { Document } from '../firestore/protocol/messages.js';
import { RulesEvalError } from './errors.js';
import { RBytes, RLatLng, RMap, RPath, RTimestamp, type RValue } from './values.js';

/**
 * A Firestore `Value` as a client sent it (`{integerValue: "1"}`, `{mapValue: {fields}}`, ...;
 * not yet normalised, so integers may be numbers and timestamps `{seconds, nanos}`) → rules value.
 */
export function fromFirestoreValue(value: Value | undefined): RValue {
  const v = value ?? {};
  if (v.nullValue !== undefined) return null;
  if (v.booleanValue !== undefined) return Boolean(v.booleanValue);
  if (v.integerValue !== undefined) return BigInt(v.integerValue);
  if (v.doubleValue !== undefined) return Number(v.doubleValue);
  if (v.stringValue !== undefined) return String(v.stringValue);
  if (v.timestampValue !== undefined) return timestampOf(v.timestampValue);
  if (v.bytesValue !== undefined)
    return new RBytes(new Uint8Array(Buffer.from(String(v.bytesValue), 'base64')));
  if (v.referenceValue !== undefined) return referenceToPath(String(v.referenceValue));
  if (v.geoPointValue !== undefined)
    return new RLatLng(v.geoPointValue.latitude ?? 0, v.geoPointValue.longitude ?? 0);
  if (v.arrayValue !== undefined) return (v.arrayValue.values ?? []).map(fromFirestoreValue);
  if (v.mapValue !== undefined) return fieldsToMap(v.mapValue.fields);
  throw new Error(`Unsupported Firestore value: ${JSON.stringify(value)}`);
}

export function fieldsToMap(fields: Record<string, Value> | undefined): RMap {
  const m = new Map<string, RValue>();
  for (const [k, v] of Object.entries(fields ?? {})) m.set(k, fromFirestoreValue(v));
  return new RMap(m);
}

/** `projects/p/databases/d/documents/a/b` → the rules path `/databases/d/documents/a/b`. */
export function referenceToPath(name: string): RPath {
  const segments = name.split('/');
  return new RPath(segments[0] === 'projects' ? segments.slice(2) : segments);
}

/** A stored document → the rules `resource` ({data, id, __name__}). */
export function documentToResource(doc: Document, databaseId: string, relativePath?: string): RMap {
  const name = doc.name ?? '';
  const path = name
    ? referenceToPath(name)
    : new RPath(['databases', databaseId, 'documents', ...(relativePath ?? '').split('/')]);
  return RMap.of({
    data: fieldsToMap(doc.fields as Record<string, Value> | undefined),
    id: path.segments[path.segments.length - 1] ?? '',
    __name__: path,
  });
}

const RFC3339 = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/i;

export function parseTimestamp(text: string): RTimestamp {
  const m = RFC3339.exec(text);
  if (!m) throw new Error(`Invalid timestamp: ${text}`);
  const seconds = Date.parse(`${m[1]}${m[3]}`) / 1000;
  const nanos = m[2] ? Number(m[2].padEnd(9, '0')) : 0;
  return new RTimestamp(seconds, nanos);
}

/** RFC 3339 text, or `{seconds, nanos}` as the WebChannel SDK writes timestamps outside proto3 JSON. */
function timestampOf(value: NonNullable<Value['timestampValue']>): RTimestamp {
  if (typeof value === 'object')
    return new RTimestamp(Number(value.seconds ?? 0), value.nanos ?? 0);
  return parseTimestamp(String(value));
}

export function timestampFromDate(date: Date): RTimestamp {
  const ms = date.getTime();
  const seconds = Math.floor(ms / 1000);
  return new RTimestamp(seconds, (ms - seconds * 1000) * 1_000_000);
}

/** Plain JSON (token claims, storage metadata) → rules values; integral numbers become ints. */
export function fromJson(v: unknown): RValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean' || typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : v;
  if (Array.isArray(v)) return v.map(fromJson);
  if (typeof v === 'object') {
    const m = new Map<string, RValue>();
    for (const [k, x] of Object.entries(v as Record<string, unknown>))
      if (x !== undefined) m.set(k, fromJson(x));
    return new RMap(m);
  }
  return String(v);
}

/** The single path argument of get()/exists()-style functions: `/databases/{db}/documents/...` of a document. */
export function documentPathArgument(args: RValue[]): {
  databaseId: string;
  relative: string;
  path: RPath;
} {
  const [path] = args;
  if (args.length !== 1 || !(path instanceof RPath))
    throw new RulesEvalError('Argument must be a path.');
  const s = path.segments;
  if (s[0] !== 'databases' || s[2] !== 'documents' || s.length < 5 || (s.length - 3) % 2 !== 0) {
    throw new RulesEvalError(`Invalid document path ${path.toString()}.`);
  }
  return { databaseId: s[1]!, relative: s.slice(3).join('/'), path };
}
