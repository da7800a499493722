import type { Value as ApiValue } from '../sdk-api.js';
import { invalid, isObject } from './errors.js';
import { canonicalTimestamp } from './time.js';
import { compareDocumentNames, parseDocumentName } from './paths.js';

/** The kinds of value a document can hold (the SDK's `Value` also has pipeline-only kinds). */
type StoredKind =
  | 'nullValue'
  | 'booleanValue'
  | 'integerValue'
  | 'doubleValue'
  | 'timestampValue'
  | 'stringValue'
  | 'bytesValue'
  | 'referenceValue'
  | 'geoPointValue'
  | 'arrayValue'
  | 'mapValue';

/** A value with exactly kind `K` set, in the canonical form `T` of the SDK's type for it. */
type OneKind<K extends StoredKind, T extends NonNullable<ApiValue[K]>> = { [P in K]: T } & {
  [P in Exclude<StoredKind, K>]?: never;
};

/**
 * Firestore values in proto3 JSON form: the web SDK's REST `Value`, narrowed to one kind and its
 * canonical form (integers as decimal strings, doubles as numbers or the proto3 names of NaN and
 * the infinities, timestamps as RFC 3339 strings, bytes as base64). Stored values are canonical
 * (see normalizeValue), so the comparison functions below can read them without re-validating or
 * allocating; `'kind' in v` narrows a value to its kind.
 */
export type Value =
  | OneKind<'nullValue', 'NULL_VALUE'>
  | OneKind<'booleanValue', boolean>
  | OneKind<'integerValue', string>
  | OneKind<'doubleValue', StoredDouble>
  | OneKind<'timestampValue', string>
  | OneKind<'stringValue', string>
  | OneKind<'bytesValue', string>
  | OneKind<'referenceValue', string>
  | OneKind<'geoPointValue', { latitude: number; longitude: number }>
  | OneKind<'arrayValue', { values: Value[] }>
  | OneKind<'mapValue', { fields: Fields }>;
export type Fields = Record<string, Value>;

/** Cross-type order of Firestore: null < bool < numbers (NaN first) < timestamp < string < bytes < reference < geopoint < array < vector < map. */
export const enum TypeOrder {
  Null = 0,
  Boolean = 1,
  Number = 2,
  Timestamp = 3,
  String = 4,
  Bytes = 5,
  Reference = 6,
  GeoPoint = 7,
  Array = 8,
  Vector = 9,
  Map = 10,
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const MAX_DEPTH = 20;
/** A vector is a map `{__type__: "__vector__", value: [doubles]}` (what the SDKs' VectorValue sends). */
const VECTOR_TYPE = '__vector__';
export const MAX_VECTOR_DIMENSIONS = 2048;

/** The doubles of a (stored, hence valid) vector value, or null when the value is not a vector. */
export function vectorOf(v: Value): number[] | null {
  const fields = v.mapValue?.fields;
  if (fields?.__type__?.stringValue !== VECTOR_TYPE) return null;
  return fields.value?.arrayValue?.values.map(doubleOf) ?? null;
}

export function typeOrder(v: Value): TypeOrder {
  if ('stringValue' in v) return TypeOrder.String;
  if ('integerValue' in v || 'doubleValue' in v) return TypeOrder.Number;
  if ('mapValue' in v) return vectorOf(v) ? TypeOrder.Vector : TypeOrder.Map;
  if ('booleanValue' in v) return TypeOrder.Boolean;
  if ('timestampValue' in v) return TypeOrder.Timestamp;
  if ('nullValue' in v) return TypeOrder.Null;
  if ('arrayValue' in v) return TypeOrder.Array;
  if ('referenceValue' in v) return TypeOrder.Reference;
  if ('bytesValue' in v) return TypeOrder.Bytes;
  return TypeOrder.GeoPoint;
}

export interface NormalizeOptions {
  depth?: number;
  inArray?: boolean;
  /**
   * A value to store (document fields, array transform elements): timestamps are truncated to
   * microseconds, as Firestore stores them. Query operands keep nanoseconds, so a filter on
   * `.123456789` does not equal a stored `.123456` (as in the official emulator).
   */
  stored?: boolean;
}

/** Validates a value from a request and returns its canonical form. */
export function normalizeValue(v: unknown, where: string, options: NormalizeOptions = {}): Value {
  const { depth = 0, inArray = false, stored = false } = options;
  if (!isObject(v)) throw invalid(`Invalid value at ${where}: expected a Value object`);
  const keys = Object.keys(v).filter((k) => v[k] !== undefined);
  if (keys.length !== 1) {
    throw invalid(
      `Invalid value at ${where}: a Value must have exactly one kind set, got ${keys.length === 0 ? 'none' : keys.join(', ')}`,
    );
  }
  const kind = keys[0]!;
  const x = v[kind];
  switch (kind) {
    case 'nullValue':
      if (x !== null && x !== 'NULL_VALUE' && x !== 0)
        throw invalid(`Invalid value at ${where}: bad nullValue`);
      return { nullValue: 'NULL_VALUE' };
    case 'booleanValue':
      if (typeof x !== 'boolean')
        throw invalid(`Invalid value at ${where}: booleanValue must be a boolean`);
      return { booleanValue: x };
    case 'integerValue':
      return { integerValue: canonicalInteger(x, where) };
    case 'doubleValue':
      return { doubleValue: canonicalDouble(x, where) };
    case 'timestampValue':
      return {
        timestampValue: canonicalTimestamp(
          x,
          `Invalid value at ${where}`,
          stored ? 'micros' : 'nanos',
        ),
      };
    case 'stringValue':
      if (typeof x !== 'string')
        throw invalid(`Invalid value at ${where}: stringValue must be a string`);
      if (Buffer.byteLength(x, 'utf8') > 1_048_487)
        throw invalid(`Invalid value at ${where}: string is too long`);
      return { stringValue: x };
    case 'bytesValue':
      return { bytesValue: canonicalBytes(x, where) };
    case 'referenceValue':
      if (typeof x !== 'string')
        throw invalid(`Invalid value at ${where}: referenceValue must be a string`);
      parseDocumentName(x, `Invalid reference value at ${where}`);
      return { referenceValue: x };
    case 'geoPointValue': {
      if (!isObject(x)) throw invalid(`Invalid value at ${where}: geoPointValue must be an object`);
      const latitude = x.latitude ?? 0;
      const longitude = x.longitude ?? 0;
      if (typeof latitude !== 'number' || !(latitude >= -90 && latitude <= 90)) {
        throw invalid(`Invalid value at ${where}: latitude must be a number in [-90, 90]`);
      }
      if (typeof longitude !== 'number' || !(longitude >= -180 && longitude <= 180)) {
        throw invalid(`Invalid value at ${where}: longitude must be a number in [-180, 180]`);
      }
      return { geoPointValue: { latitude, longitude } };
    }
    case 'arrayValue': {
      if (inArray)
        throw invalid(`Invalid value at ${where}: an array cannot directly contain another array`);
      if (!isObject(x)) throw invalid(`Invalid value at ${where}: arrayValue must be an object`);
      const values = x.values ?? [];
      if (!Array.isArray(values))
        throw invalid(`Invalid value at ${where}: arrayValue.values must be an array`);
      if (depth >= MAX_DEPTH)
        throw invalid(`Invalid value at ${where}: values nest more than ${MAX_DEPTH} levels`);
      return {
        arrayValue: {
          values: values.map((e, i) =>
            normalizeValue(e, `${where}[${i}]`, { depth: depth + 1, inArray: true, stored }),
          ),
        },
      };
    }
    case 'mapValue': {
      if (!isObject(x)) throw invalid(`Invalid value at ${where}: mapValue must be an object`);
      if (depth >= MAX_DEPTH)
        throw invalid(`Invalid value at ${where}: values nest more than ${MAX_DEPTH} levels`);
      const fields = normalizeFields(x.fields ?? {}, where, depth + 1, stored);
      checkVector(fields, where, inArray);
      return { mapValue: { fields } };
    }
    default:
      throw invalid(`Invalid value at ${where}: unknown value kind '${kind}'`);
  }
}

/** Field names matching `__.*__` are Firestore's own (`__name__`, `__type__`); a client cannot store them. */
export function isReservedFieldName(name: string): boolean {
  return /^__.*__$/.test(name);
}

/**
 * Validates document fields (to store: timestamps truncated to microseconds unless `stored` is
 * false, which only nested query operands use).
 */
export function normalizeFields(fields: unknown, where: string, depth = 0, stored = true): Fields {
  if (!isObject(fields)) throw invalid(`Invalid fields at ${where}: expected an object`);
  const out: Fields = {};
  for (const [k, val] of Object.entries(fields)) {
    if (val === undefined) continue;
    if (k === '') throw invalid(`Invalid field name at ${where}: field names cannot be empty`);
    if (k.length > 375 && Buffer.byteLength(k, 'utf8') > 1500)
      throw invalid(`Invalid field name at ${where}: field names must be at most 1500 bytes`);
    // Reserved at every depth of a stored document, as the official emulator answers (query
    // operands are not stored, so they may hold such keys); a vector's marker is the exception.
    const vectorMarker =
      depth > 0 && k === '__type__' && (val as Value | null)?.stringValue === VECTOR_TYPE;
    if ((depth === 0 || stored) && isReservedFieldName(k) && !vectorMarker)
      throw invalid(`field name '${k}' is reserved.`);
    out[k] = normalizeValue(val, where ? `${where}.${k}` : k, { depth, stored });
  }
  return out;
}

/** A map marked as a vector must be one (only `value`, a non-empty array of doubles), not in an array. */
function checkVector(fields: Fields, where: string, inArray: boolean): void {
  if (fields.__type__?.stringValue !== VECTOR_TYPE) return;
  const bad = (why: string) => invalid(`Invalid value at ${where}: ${why}`);
  if (inArray) throw bad('Cannot convert a vector value in an array value.');
  if (fields.value === undefined) throw bad("Vector map is missing key 'value'.");
  if (Object.keys(fields).length > 2) throw bad('Vector Value map has extraneous entries.');
  const values = fields.value.arrayValue?.values;
  if (!values) throw bad('Vector Value type must be an array.');
  if (values.length === 0) throw bad('Cannot have a zero length vector.');
  if (values.length > MAX_VECTOR_DIMENSIONS)
    throw bad(`Vectors must be at most ${MAX_VECTOR_DIMENSIONS} dimensions.`);
  if (!values.every((e) => e.doubleValue !== undefined))
    throw bad("Vector must only contain values of type 'double'");
}

function canonicalInteger(x: unknown, where: string): string {
  let n: bigint;
  if (typeof x === 'number' && Number.isInteger(x)) n = BigInt(x);
  else if (typeof x === 'string' && /^[+-]?\d+$/.test(x.trim())) n = BigInt(x.trim());
  else throw invalid(`Invalid value at ${where}: integerValue must be a 64-bit integer`);
  if (n < INT64_MIN || n > INT64_MAX)
    throw invalid(`Invalid value at ${where}: integerValue out of int64 range`);
  return n.toString();
}

/** Doubles are stored as JSON numbers, with NaN and the infinities as proto3 JSON strings. */
export type StoredDouble = number | 'NaN' | 'Infinity' | '-Infinity';

function canonicalDouble(x: unknown, where: string): StoredDouble {
  let n: number;
  if (typeof x === 'number') n = x;
  else if (
    typeof x === 'string' &&
    x.trim() !== '' &&
    (x === 'NaN' || x === 'Infinity' || x === '-Infinity' || !Number.isNaN(Number(x)))
  ) {
    n = Number(x);
  } else throw invalid(`Invalid value at ${where}: doubleValue must be a number`);
  return encodeDouble(n);
}

export function encodeDouble(n: number): StoredDouble {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  return n;
}

function canonicalBytes(x: unknown, where: string): string {
  if (typeof x !== 'string' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(x)) {
    throw invalid(`Invalid value at ${where}: bytesValue must be base64`);
  }
  return Buffer.from(x, 'base64').toString('base64');
}

// ---- numbers ----

export function isNumber(v: Value): boolean {
  return 'integerValue' in v || 'doubleValue' in v;
}

export function doubleOf(v: Value): number {
  const d = v.doubleValue;
  return typeof d === 'number' ? d : Number(d);
}

export function isNaNValue(v: Value): boolean {
  return v.doubleValue === 'NaN';
}

const SAFE = 2 ** 53;

function compareIntDouble(i: string, d: number): number {
  if (Number.isNaN(d)) return 1;
  const n = Number(i);
  if (Math.abs(n) < SAFE || !Number.isFinite(d) || Math.abs(d) < SAFE)
    return n < d ? -1 : n > d ? 1 : 0;
  const bi = BigInt(i);
  const bd = BigInt(d);
  return bi < bd ? -1 : bi > bd ? 1 : 0;
}

function compareInts(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (Math.abs(x) < SAFE && Math.abs(y) < SAFE) return x < y ? -1 : x > y ? 1 : 0;
  const bx = BigInt(a);
  const by = BigInt(b);
  return bx < by ? -1 : bx > by ? 1 : 0;
}

export function compareNumbers(a: Value, b: Value): number {
  const ai = a.integerValue;
  const bi = b.integerValue;
  if (ai !== undefined && bi !== undefined) return compareInts(ai, bi);
  if (ai !== undefined) return compareIntDouble(ai, doubleOf(b));
  if (bi !== undefined) return 0 - compareIntDouble(bi, doubleOf(a));
  const x = doubleOf(a);
  const y = doubleOf(b);
  if (x < y) return -1;
  if (x > y) return 1;
  if (x === y) return 0; // includes -0 == 0
  // At least one NaN: NaN sorts before every other number and equals itself.
  const xn = Number.isNaN(x);
  const yn = Number.isNaN(y);
  return xn && yn ? 0 : xn ? -1 : 1;
}

// ---- strings and bytes ----

/** Compares strings in UTF-8 byte order (which is code point order), without allocating. */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    // A surrogate encodes a code point above U+FFFF, so it sorts after any other BMP character.
    if (xs !== ys) return xs ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length < 0 ? -1 : a.length === b.length ? 0 : 1;
}

function compareBytes(a: string, b: string): number {
  if (a === b) return 0;
  return Buffer.compare(Buffer.from(a, 'base64'), Buffer.from(b, 'base64'));
}

// ---- general ----

export function compareValues(a: Value, b: Value): number {
  const ta = typeOrder(a);
  const tb = typeOrder(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  // Both values have the same type order: each test below narrows both to their kind.
  if (ta === TypeOrder.Number) return compareNumbers(a, b);
  if (ta === TypeOrder.Vector) return compareVectors(vectorOf(a) ?? [], vectorOf(b) ?? []);
  if (a.booleanValue !== undefined && b.booleanValue !== undefined)
    return a.booleanValue === b.booleanValue ? 0 : a.booleanValue ? 1 : -1;
  if (a.timestampValue !== undefined && b.timestampValue !== undefined) {
    const x = a.timestampValue;
    const y = b.timestampValue;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (a.stringValue !== undefined && b.stringValue !== undefined)
    return compareUtf8(a.stringValue, b.stringValue);
  if (a.bytesValue !== undefined && b.bytesValue !== undefined)
    return compareBytes(a.bytesValue, b.bytesValue);
  if (a.referenceValue !== undefined && b.referenceValue !== undefined)
    return compareDocumentNames(a.referenceValue, b.referenceValue);
  if (a.geoPointValue !== undefined && b.geoPointValue !== undefined) {
    const x = a.geoPointValue;
    const y = b.geoPointValue;
    return cmp(x.latitude, y.latitude) || cmp(x.longitude, y.longitude);
  }
  if (a.arrayValue !== undefined && b.arrayValue !== undefined) {
    const x = a.arrayValue.values;
    const y = b.arrayValue.values;
    const n = Math.min(x.length, y.length);
    for (let i = 0; i < n; i++) {
      const c = compareValues(x[i]!, y[i]!);
      if (c !== 0) return c;
    }
    return cmp(x.length, y.length);
  }
  if (a.mapValue !== undefined && b.mapValue !== undefined)
    return compareMaps(a.mapValue.fields, b.mapValue.fields);
  return 0; // both null
}

/** Shorter vectors first, then element by element (Firestore's vector index order). */
function compareVectors(x: number[], y: number[]): number {
  if (x.length !== y.length) return cmp(x.length, y.length);
  for (let i = 0; i < x.length; i++) {
    const c = compareNumbers({ doubleValue: x[i]! }, { doubleValue: y[i]! });
    if (c !== 0) return c;
  }
  return 0;
}

function cmp(x: number, y: number): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Maps compare key by key in key order, then by value, then by size. */
function compareMaps(a: Fields, b: Fields): number {
  const ka = Object.keys(a).sort(compareUtf8);
  const kb = Object.keys(b).sort(compareUtf8);
  const n = Math.min(ka.length, kb.length);
  for (let i = 0; i < n; i++) {
    const c = compareUtf8(ka[i]!, kb[i]!) || compareValues(a[ka[i]!]!, b[kb[i]!]!);
    if (c !== 0) return c;
  }
  return cmp(ka.length, kb.length);
}

/** Query equality: numbers by value (1 == 1.0, -0 == 0, NaN == NaN), everything else structurally. */
export function valuesEqual(a: Value, b: Value): boolean {
  return typeOrder(a) === typeOrder(b) && compareValues(a, b) === 0;
}

/** Exact identity of stored values (used to detect writes that change nothing). */
export function sameValue(a: Value, b: Value): boolean {
  if (a.doubleValue !== undefined || b.doubleValue !== undefined)
    return Object.is(a.doubleValue, b.doubleValue);
  if (a.arrayValue !== undefined || b.arrayValue !== undefined) {
    const x = a.arrayValue?.values;
    const y = b.arrayValue?.values;
    return !!x && !!y && x.length === y.length && x.every((e, i) => sameValue(e, y[i]!));
  }
  if (a.mapValue !== undefined || b.mapValue !== undefined)
    return !!a.mapValue && !!b.mapValue && sameFields(a.mapValue.fields, b.mapValue.fields);
  if (a.geoPointValue !== undefined || b.geoPointValue !== undefined) {
    const x = a.geoPointValue;
    const y = b.geoPointValue;
    return !!x && !!y && Object.is(x.latitude, y.latitude) && Object.is(x.longitude, y.longitude);
  }
  const kind = Object.keys(a)[0] as StoredKind;
  return kind === Object.keys(b)[0] && a[kind] === b[kind];
}

export function sameFields(a: Fields, b: Fields): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    const y = b[k];
    if (y === undefined || !sameValue(a[k]!, y)) return false;
  }
  return true;
}

/** Storage size of a value as Firestore counts it (for the 1 MiB document limit). */
export function valueSize(v: Value): number {
  if (v.stringValue !== undefined) return Buffer.byteLength(v.stringValue, 'utf8') + 1;
  if (v.bytesValue !== undefined) return Math.floor((v.bytesValue.length * 3) / 4);
  if (v.referenceValue !== undefined) return Buffer.byteLength(v.referenceValue, 'utf8') + 1;
  if (v.arrayValue !== undefined) return v.arrayValue.values.reduce((s, e) => s + valueSize(e), 0);
  if (v.mapValue !== undefined) return fieldsSize(v.mapValue.fields);
  if ('geoPointValue' in v) return 16;
  if ('booleanValue' in v || 'nullValue' in v) return 1;
  return 8;
}

export function fieldsSize(fields: Fields): number {
  let size = 0;
  for (const k in fields) size += Buffer.byteLength(k, 'utf8') + 1 + valueSize(fields[k]!);
  return size;
}
