import protobuf from 'protobufjs';
import { FirestoreApiError, type JsonObject } from '../service.js';
import { invalidArgument } from './errors.js';
import type { MessageType } from './protos.js';
import { formatTimestamp, parseTimestamp } from './timestamp.js';
import { strictUtf8Reader } from './unicode.js';

/**
 * Converts between the engine's proto3 JSON form and protobufjs "plain object" form (the form
 * `Type.fromObject` takes and `Type.toObject` gives with longs, enums and bytes as strings).
 * The two differ only in the well-known types (Timestamp, wrappers, Struct/Value, Empty),
 * NullValue, and the leniency of the JSON side, which `jsonToPlain` validates strictly so a
 * malformed REST body or engine bug is an INVALID_ARGUMENT, not a silently coerced value.
 */

type Plain = Record<string, unknown>;

const WRAPPERS = new Set([
  '.google.protobuf.DoubleValue',
  '.google.protobuf.FloatValue',
  '.google.protobuf.Int64Value',
  '.google.protobuf.UInt64Value',
  '.google.protobuf.Int32Value',
  '.google.protobuf.UInt32Value',
  '.google.protobuf.BoolValue',
  '.google.protobuf.StringValue',
  '.google.protobuf.BytesValue',
]);
const NULL_VALUE = '.google.protobuf.NullValue';

/** protobufjs recomputes `fullName` on every access, and it is checked for every message. */
const fullNames = new WeakMap<protobuf.ReflectionObject, string>();
function fullNameOf(object: protobuf.ReflectionObject): string {
  let name = fullNames.get(object);
  if (name === undefined) {
    name = object.fullName;
    fullNames.set(object, name);
  }
  return name;
}

const TO_PLAIN_OPTIONS: protobuf.IConversionOptions = {
  longs: String,
  enums: String,
  bytes: String,
  json: true,
};

/**
 * Decodes a binary message into its proto3 JSON form; malformed bytes are INVALID_ARGUMENT,
 * strings that are not UTF-8 the official emulator's UNKNOWN (unicode.ts).
 */
export function decodeMessage<T>({ proto: type }: MessageType<T>, bytes: Buffer): T {
  let message: protobuf.Message;
  try {
    message = type.decode(strictUtf8Reader(bytes));
  } catch (error) {
    if (error instanceof FirestoreApiError) throw error;
    throw invalidArgument(`Malformed ${type.name} message: ${(error as Error).message}`);
  }
  // plainToJson gives exactly the form messages.ts declares for the type.
  return plainToJson(type, type.toObject(message, TO_PLAIN_OPTIONS)) as T;
}

/** Encodes a message from its proto3 JSON form. */
export function encodeMessage<T>({ proto: type }: MessageType<T>, message: T): Uint8Array {
  // With enums as numbers the plain object is encodable as is (no fromObject copy).
  return type.encode(jsonToPlain(type, message, '', 'numbers')).finish();
}

/**
 * Decodes a proto3 JSON body (REST, WebChannel): validated strictly against the message type
 * (unknown fields and values of the wrong type are INVALID_ARGUMENT) and put in canonical form
 * (enum names, camelCase, int64 as strings).
 */
export function decodeJsonMessage<T>(
  { proto: type }: MessageType<T>,
  json: unknown,
  where = '',
): T {
  return plainToJson(type, jsonToPlain(type, json, where)) as T;
}

// ---------------------------------------------------------------------------------------------
// proto3 JSON -> plain object (strict)

function describe(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * Where in the message a value sits, for error messages; null while converting untracked: the
 * fast path builds no path strings and, on the first problem, the conversion is redone tracked.
 */
type Where = string | null;
const RETRY_TRACKED = Symbol('retry tracked');

function fail(where: Where, expected: string, value: unknown): never {
  if (where === null) throw RETRY_TRACKED;
  throw invalidArgument(
    `Invalid value at '${where || 'request'}' (${expected}), ${describe(value)}`,
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function snakeToCamel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function join(where: Where, key: string): Where {
  return where === null ? null : where ? `${where}.${key}` : key;
}

function at(where: Where, key: string | number): Where {
  return where === null ? null : `${where}[${typeof key === 'number' ? key : JSON.stringify(key)}]`;
}

/** Enum values as names (for proto3 JSON and fromObject) or numbers (for Type.encode). */
type EnumForm = 'names' | 'numbers';

export function jsonToPlain(
  type: protobuf.Type,
  json: unknown,
  where: string,
  enums: EnumForm = 'names',
): Plain {
  try {
    return toPlain(type, json, null, enums);
  } catch (error) {
    if (error !== RETRY_TRACKED) throw error;
    return toPlain(type, json, where, enums);
  }
}

function toPlain(type: protobuf.Type, json: unknown, where: Where, enums: EnumForm): Plain {
  const special = wellKnownToPlain(type, json, where, enums);
  if (special !== undefined) return special;
  if (!isObject(json)) fail(where, type.name, json);
  const out: Plain = {};
  for (const key in json) {
    const field = type.fields[key] ?? type.fields[snakeToCamel(key)];
    if (!field) {
      if (where === null) throw RETRY_TRACKED;
      throw invalidArgument(
        `Invalid JSON payload received. Unknown name "${key}" at '${where || type.name}': Cannot find field.`,
      );
    }
    const converted = fieldToPlain(field, json[key], join(where, field.name), enums);
    if (converted !== undefined) out[field.name] = converted;
  }
  return out;
}

// Fields were resolved once when the protos were loaded (Root.resolveAll).
function fieldToPlain(
  field: protobuf.Field,
  value: unknown,
  where: Where,
  enums: EnumForm,
): unknown {
  if (value === null && !acceptsNull(field)) return undefined;
  if (field.map) {
    if (!isObject(value)) fail(where, 'map', value);
    const out: Plain = {};
    for (const k in value) out[k] = singleToPlain(field, value[k], at(where, k), enums);
    return out;
  }
  if (field.repeated) {
    if (!Array.isArray(value)) fail(where, `repeated ${field.type}`, value);
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++)
      out[i] = singleToPlain(field, value[i], at(where, i), enums);
    return out;
  }
  return singleToPlain(field, value, where, enums);
}

function acceptsNull(field: protobuf.Field): boolean {
  const resolved = field.resolvedType;
  if (resolved === null) return false;
  const name = fullNameOf(resolved);
  return name === NULL_VALUE || name === '.google.protobuf.Value';
}

function singleToPlain(
  field: protobuf.Field,
  value: unknown,
  where: Where,
  enums: EnumForm,
): unknown {
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Type) return toPlain(resolved, value, where, enums);
  if (resolved instanceof protobuf.Enum) return enumToPlain(resolved, value, where, enums);
  return scalarToPlain(field.type, value, where);
}

function enumToPlain(
  type: protobuf.Enum,
  value: unknown,
  where: Where,
  enums: EnumForm,
): string | number {
  const name = enumName(type, value, where);
  return enums === 'names' ? name : type.values[name]!;
}

function enumName(type: protobuf.Enum, value: unknown, where: Where): string {
  if (value === null && fullNameOf(type) === NULL_VALUE) return 'NULL_VALUE';
  if (typeof value === 'string' && value in type.values) return value;
  if (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    type.valuesById[value] !== undefined
  ) {
    return type.valuesById[value]!;
  }
  return fail(where, `enum ${type.name}`, value);
}

const INT32_TYPES = new Set(['int32', 'sint32', 'sfixed32']);
const UINT32_TYPES = new Set(['uint32', 'fixed32']);
const INT64_TYPES = new Set(['int64', 'sint64', 'sfixed64']);
const UINT64_TYPES = new Set(['uint64', 'fixed64']);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const LONG_TYPES = new Set([...INT64_TYPES, ...UINT64_TYPES]);
const BASE64 = /^(?:[A-Za-z0-9+/_-]{4})*(?:[A-Za-z0-9+/_-]{2}(?:==)?|[A-Za-z0-9+/_-]{3}=?)?$/;

function scalarToPlain(kind: string, value: unknown, where: Where): unknown {
  const expected = `TYPE_${kind.toUpperCase()}`;
  switch (kind) {
    case 'string':
      return typeof value === 'string' ? value : fail(where, expected, value);
    case 'bool':
      return typeof value === 'boolean' ? value : fail(where, expected, value);
    case 'double':
    case 'float': {
      if (typeof value === 'number') return value;
      if (value === 'NaN' || value === 'Infinity' || value === '-Infinity') return Number(value);
      if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)))
        return Number(value);
      return fail(where, expected, value);
    }
    case 'bytes':
      return typeof value === 'string' && BASE64.test(value)
        ? Buffer.from(value, 'base64').toString('base64')
        : fail(where, expected, value);
  }
  // Fast path for the common case, a 64-bit integer that is safe as a number (no BigInt).
  if (LONG_TYPES.has(kind)) {
    const unsigned = UINT64_TYPES.has(kind);
    if (typeof value === 'number' && Number.isSafeInteger(value) && (!unsigned || value >= 0))
      return value;
    if (
      typeof value === 'string' &&
      value.length <= 15 &&
      (unsigned ? /^\d+$/ : /^-?\d+$/).test(value)
    ) {
      return Number(value);
    }
  }
  const text = typeof value === 'number' ? (Number.isInteger(value) ? String(value) : '') : value;
  if (typeof text !== 'string' || !/^-?\d+$/.test(text)) return fail(where, expected, value);
  const big = BigInt(text);
  const [min, max] = INT32_TYPES.has(kind)
    ? [-(2n ** 31n), 2n ** 31n - 1n]
    : UINT32_TYPES.has(kind)
      ? [0n, 2n ** 32n - 1n]
      : INT64_TYPES.has(kind)
        ? [-(2n ** 63n), 2n ** 63n - 1n]
        : UINT64_TYPES.has(kind)
          ? [0n, 2n ** 64n - 1n]
          : fail(where, expected, value);
  if (big < min || big > max) fail(where, expected, value);
  // Safe integers go to protobufjs as numbers: turning decimal strings into Longs is slow.
  const small =
    INT32_TYPES.has(kind) || UINT32_TYPES.has(kind) || (big <= MAX_SAFE && big >= -MAX_SAFE);
  return small ? Number(big) : big.toString();
}

function wellKnownToPlain(
  type: protobuf.Type,
  json: unknown,
  where: Where,
  enums: EnumForm,
): Plain | undefined {
  const name = fullNameOf(type);
  if (!name.startsWith('.google.protobuf.')) return undefined;
  if (name === '.google.protobuf.Timestamp') {
    if (typeof json !== 'string') fail(where, 'Timestamp', json);
    try {
      return { ...parseTimestamp(json, where ?? '') };
    } catch (error) {
      throw where === null ? RETRY_TRACKED : error;
    }
  }
  if (WRAPPERS.has(name)) {
    return { value: scalarToPlain(type.fields.value!.type, json, where) };
  }
  if (name === '.google.protobuf.Empty') {
    if (!isObject(json)) fail(where, 'Empty', json);
    return {};
  }
  if (name === '.google.protobuf.Struct') return structToPlain(json, where, enums);
  if (name === '.google.protobuf.ListValue') return listToPlain(json, where, enums);
  if (name === '.google.protobuf.Value') return valueToPlain(json, where, enums);
  return undefined;
}

function structToPlain(json: unknown, where: Where, enums: EnumForm): Plain {
  if (!isObject(json)) fail(where, 'Struct', json);
  const fields: Plain = {};
  for (const k in json) fields[k] = valueToPlain(json[k], join(where, k), enums);
  return { fields };
}

function listToPlain(json: unknown, where: Where, enums: EnumForm): Plain {
  if (!Array.isArray(json)) fail(where, 'ListValue', json);
  return { values: json.map((v, i) => valueToPlain(v, at(where, i), enums)) };
}

function valueToPlain(json: unknown, where: Where, enums: EnumForm): Plain {
  if (json === null) return { nullValue: enums === 'names' ? 'NULL_VALUE' : 0 };
  if (typeof json === 'number') return { numberValue: json };
  if (typeof json === 'string') return { stringValue: json };
  if (typeof json === 'boolean') return { boolValue: json };
  if (Array.isArray(json)) return { listValue: listToPlain(json, where, enums) };
  return { structValue: structToPlain(json, where, enums) };
}

// ---------------------------------------------------------------------------------------------
// plain object -> proto3 JSON

export function plainToJson(type: protobuf.Type, plain: unknown): unknown {
  const name = fullNameOf(type);
  if (name.startsWith('.google.protobuf.')) {
    const special = wellKnownToJson(name, plain as Plain);
    if (special !== undefined) return special;
  }
  const out: Plain = {};
  for (const [key, value] of Object.entries(plain as Plain)) {
    const field = type.fields[key];
    if (!field || value === undefined) continue;
    out[key] = fieldToJson(field, value);
  }
  return out;
}

function fieldToJson(field: protobuf.Field, value: unknown): unknown {
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Type) {
    if (field.map) {
      const out: Plain = {};
      for (const [k, v] of Object.entries(value as Plain)) out[k] = plainToJson(resolved, v);
      return out;
    }
    if (field.repeated) return (value as unknown[]).map((v) => plainToJson(resolved, v));
    return plainToJson(resolved, value);
  }
  if (resolved instanceof protobuf.Enum && fullNameOf(resolved) === NULL_VALUE) {
    return field.repeated ? (value as unknown[]).map(() => null) : null;
  }
  // int64 is a decimal string in proto3 JSON, whichever form the plain object had.
  if (LONG_TYPES.has(field.type)) {
    return field.repeated ? (value as unknown[]).map(String) : String(value);
  }
  return value;
}

const LONG_WRAPPERS = new Set(['.google.protobuf.Int64Value', '.google.protobuf.UInt64Value']);
const WRAPPER_DEFAULTS: Record<string, unknown> = {
  '.google.protobuf.Int64Value': '0',
  '.google.protobuf.UInt64Value': '0',
  '.google.protobuf.StringValue': '',
  '.google.protobuf.BytesValue': '',
  '.google.protobuf.BoolValue': false,
};

function wellKnownToJson(name: string, plain: Plain): unknown {
  if (name === '.google.protobuf.Timestamp') {
    return formatTimestamp(Number(plain.seconds ?? 0), Number(plain.nanos ?? 0));
  }
  if (WRAPPERS.has(name)) {
    const value = plain.value ?? WRAPPER_DEFAULTS[name] ?? 0;
    // 64-bit wrappers are decimal strings, as int64 fields are (fieldToJson).
    return LONG_WRAPPERS.has(name) ? String(value) : value;
  }
  if (name === '.google.protobuf.Empty') return {};
  if (name === '.google.protobuf.Struct') return structToJson(plain);
  if (name === '.google.protobuf.ListValue') return listToJson(plain);
  if (name === '.google.protobuf.Value') return valueToJson(plain);
  return undefined;
}

function structToJson(plain: Plain): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries((plain.fields ?? {}) as Record<string, Plain>))
    out[k] = valueToJson(v);
  return out;
}

function listToJson(plain: Plain): unknown[] {
  return ((plain.values ?? []) as Plain[]).map(valueToJson);
}

function valueToJson(plain: Plain): unknown {
  if ('numberValue' in plain) return plain.numberValue;
  if ('stringValue' in plain) return plain.stringValue;
  if ('boolValue' in plain) return plain.boolValue;
  if ('structValue' in plain) return structToJson(plain.structValue as Plain);
  if ('listValue' in plain) return listToJson(plain.listValue as Plain);
  return null;
}
