/**
 * Runtime values of the rules language. Ints are bigint (64-bit), floats are number, so
 * `1 is int` and `1.0 is float` stay distinct while `1 == 1.0` still holds.
 */
import { RulesEvalError } from './errors.js';

export type RValue =
  | null
  | boolean
  | bigint
  | number
  | string
  | RValue[]
  | RMap
  | RSet
  | RBytes
  | RPath
  | RTimestamp
  | RDuration
  | RLatLng
  | RMapDiff
  | RUnknown;

export class RMap {
  constructor(readonly entries: Map<string, RValue>) {}
  static of(record: Record<string, RValue>): RMap {
    return new RMap(new Map(Object.entries(record)));
  }
}

export class RSet {
  readonly items: RValue[];
  constructor(items: RValue[]) {
    const unique: RValue[] = [];
    for (const item of items) if (!unique.some((u) => valuesEqual(u, item))) unique.push(item);
    this.items = unique;
  }
}

export class RBytes {
  constructor(readonly bytes: Uint8Array) {}
}

export class RPath {
  constructor(readonly segments: string[]) {}
  toString(): string {
    return '/' + this.segments.join('/');
  }
}

/** Seconds since the epoch plus nanoseconds in [0, 1e9). */
export class RTimestamp {
  constructor(
    readonly seconds: number,
    readonly nanos: number,
  ) {}
  static fromNanos(total: bigint): RTimestamp {
    const secs = total / 1_000_000_000n - (total % 1_000_000_000n < 0n ? 1n : 0n);
    return new RTimestamp(Number(secs), Number(total - secs * 1_000_000_000n));
  }
  totalNanos(): bigint {
    return BigInt(this.seconds) * 1_000_000_000n + BigInt(this.nanos);
  }
}

export class RDuration {
  constructor(readonly nanosTotal: bigint) {}
}

export class RLatLng {
  constructor(
    readonly lat: number,
    readonly lng: number,
  ) {}
}

export class RMapDiff {
  constructor(
    readonly left: RMap,
    readonly right: RMap,
  ) {}
}

/**
 * A value not known while judging a query as a constraint: a field of a document the query
 * could return. `path` is its field path in `resource.data` (empty for a value derived from
 * unknowns); `table` what the query's filters say about the fields of every result.
 */
export class RUnknown {
  constructor(
    readonly path: string[],
    readonly table: QueryFacts | null,
  ) {}

  get facts(): FieldFilter[] {
    return (this.path.length && this.table?.filters.get(fieldKey(this.path))) || [];
  }
}

/** Key of a field path in QueryFacts (segments may contain dots). */
export function fieldKey(path: string[]): string {
  return path.join('\u001f');
}

/** A query filter `field <op> value`: '<' '<=' '>' '>=' '!=' 'not-in' 'array-contains' 'array-contains-any' 'is-nan' 'is-null' 'is-not-null' 'is-not-nan'. */
export interface FieldFilter {
  op: string;
  value: RValue;
}

/** What one conjunction of a query's filters tells about every document it can return. */
export interface QueryFacts {
  /** fieldKey(path) → value, from EQUAL filters (and one value of each IN filter). */
  pinned: Map<string, RValue>;
  /** fieldKey(path) → the other filters on it. */
  filters: Map<string, FieldFilter[]>;
}

export const UNKNOWN = new RUnknown([], null);

/** Whether `v` is, or holds anywhere inside it, an unknown query field. */
export function hasUnknown(v: RValue): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (v instanceof RUnknown) return true;
  if (Array.isArray(v)) return v.some(hasUnknown);
  if (v instanceof RMap) {
    for (const x of v.entries.values()) if (hasUnknown(x)) return true;
    return false;
  }
  if (v instanceof RSet) return v.items.some(hasUnknown);
  if (v instanceof RMapDiff) return hasUnknown(v.left) || hasUnknown(v.right);
  return false;
}

export function isUnknown(v: RValue): v is RUnknown {
  return v instanceof RUnknown;
}

export function typeName(v: RValue): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'number':
      return 'float';
    case 'string':
      return 'string';
    default:
      break;
  }
  if (Array.isArray(v)) return 'list';
  if (v instanceof RMap) return 'map';
  if (v instanceof RSet) return 'set';
  if (v instanceof RBytes) return 'bytes';
  if (v instanceof RPath) return 'path';
  if (v instanceof RTimestamp) return 'timestamp';
  if (v instanceof RDuration) return 'duration';
  if (v instanceof RLatLng) return 'latlng';
  if (v instanceof RMapDiff) return 'map_diff';
  return 'unknown';
}

/** `x is <type>`; `number` is int or float. */
export function isOfType(v: RValue, type: string): boolean {
  if (type === 'number') return typeof v === 'bigint' || typeof v === 'number';
  // The parser only lets known type names through.
  return typeName(v) === type;
}

export function isNumber(v: RValue): v is bigint | number {
  return typeof v === 'bigint' || typeof v === 'number';
}

export function valuesEqual(a: RValue, b: RValue): boolean {
  if (a === b) return true;
  if (isNumber(a) && isNumber(b)) return typeof a === typeof b ? a === b : Number(a) === Number(b);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a))
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => valuesEqual(x, b[i]!));
  if (a instanceof RMap) {
    if (!(b instanceof RMap) || a.entries.size !== b.entries.size) return false;
    for (const [k, v] of a.entries) {
      if (!b.entries.has(k) || !valuesEqual(v, b.entries.get(k)!)) return false;
    }
    return true;
  }
  if (a instanceof RSet) {
    return (
      b instanceof RSet &&
      a.items.length === b.items.length &&
      a.items.every((x) => b.items.some((y) => valuesEqual(x, y)))
    );
  }
  if (a instanceof RBytes)
    return (
      b instanceof RBytes &&
      a.bytes.length === b.bytes.length &&
      a.bytes.every((x, i) => x === b.bytes[i])
    );
  if (a instanceof RPath)
    return b instanceof RPath && a.segments.join('/') === b.segments.join('/');
  if (a instanceof RTimestamp)
    return b instanceof RTimestamp && a.seconds === b.seconds && a.nanos === b.nanos;
  if (a instanceof RDuration) return b instanceof RDuration && a.nanosTotal === b.nanosTotal;
  if (a instanceof RLatLng) return b instanceof RLatLng && a.lat === b.lat && a.lng === b.lng;
  return false;
}

/** Ordering for `<` and friends; throws for types without an order. */
export function compareValues(a: RValue, b: RValue): number {
  if (isNumber(a) && isNumber(b)) {
    if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
    const x = Number(a);
    const y = Number(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a instanceof RTimestamp && b instanceof RTimestamp)
    return sign(a.totalNanos() - b.totalNanos());
  if (a instanceof RDuration && b instanceof RDuration) return sign(a.nanosTotal - b.nanosTotal);
  if (a instanceof RBytes && b instanceof RBytes) {
    const n = Math.min(a.bytes.length, b.bytes.length);
    for (let i = 0; i < n; i++) if (a.bytes[i] !== b.bytes[i]) return a.bytes[i]! - b.bytes[i]!;
    return a.bytes.length - b.bytes.length;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const c = compareValues(a[i]!, b[i]!);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  throw new RulesEvalError(
    `Unsupported operation error. Received: ${typeName(a)} < ${typeName(b)}.`,
  );
}

function sign(n: bigint): number {
  return n < 0n ? -1 : n > 0n ? 1 : 0;
}

/** Short display of a value for logs and `debug()`. */
export function showValue(v: RValue): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'bigint' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(showValue).join(', ')}]`;
  if (v instanceof RMap)
    return `{${[...v.entries].map(([k, x]) => `${JSON.stringify(k)}: ${showValue(x)}`).join(', ')}}`;
  if (v instanceof RSet) return `set(${v.items.map(showValue).join(', ')})`;
  if (v instanceof RPath) return `path(${v.toString()})`;
  if (v instanceof RTimestamp) return `timestamp(${new Date(v.seconds * 1000).toISOString()})`;
  if (v instanceof RDuration) return `duration(${v.nanosTotal}ns)`;
  if (v instanceof RLatLng) return `latlng(${v.lat}, ${v.lng})`;
  if (v instanceof RBytes) return `bytes(${Buffer.from(v.bytes).toString('base64')})`;
  if (v instanceof RUnknown) return `unknown(${v.path.join('.')})`;
  return typeName(v);
}
