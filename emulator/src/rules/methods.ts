/** Property access, indexing, ranges and methods of the rules types. */
import { RulesEvalError } from './errors.js';
import { durationParts, timestampMethod } from './time.js';
import {
  fieldKey,
  hasUnknown,
  isUnknown,
  RBytes,
  RDuration,
  RLatLng,
  RMap,
  RMapDiff,
  RPath,
  RSet,
  RTimestamp,
  RUnknown,
  typeName,
  UNKNOWN,
  valuesEqual,
  type RValue,
} from './values.js';

/** `obj.name`: map entries (an absent key is an error), unknown query fields. */
export function getProperty(obj: RValue, name: string): RValue {
  if (obj instanceof RMap) {
    const v = obj.entries.get(name);
    if (v === undefined) throw new RulesEvalError(`Property ${name} is undefined on object.`);
    return v;
  }
  if (obj instanceof RUnknown) return unknownField(obj, name);
  if (obj === null) throw new RulesEvalError('Null value error.');
  throw new RulesEvalError(`Property ${name} is undefined on object.`);
}

/** A field below an unknown query field: pinned by the query, or still unknown. */
function unknownField(obj: RUnknown, name: string): RValue {
  if (!obj.table) return UNKNOWN;
  const path = [...obj.path, name];
  const pinned = obj.table.pinned.get(fieldKey(path));
  return pinned !== undefined ? pinned : new RUnknown(path, obj.table);
}

export function indexValue(obj: RValue, index: RValue): RValue {
  if (isUnknown(index)) return UNKNOWN;
  if (obj instanceof RUnknown)
    return typeof index === 'string' ? unknownField(obj, index) : UNKNOWN;
  if (obj instanceof RMap) {
    if (typeof index !== 'string') throw new RulesEvalError('Map index must be a string.');
    return getProperty(obj, index);
  }
  if (Array.isArray(obj)) return obj[position(index, obj.length)]!;
  if (typeof obj === 'string') {
    const chars = Array.from(obj);
    return chars[position(index, chars.length)]!;
  }
  if (obj instanceof RPath) return obj.segments[position(index, obj.segments.length)]!;
  if (obj instanceof RBytes) return BigInt(obj.bytes[position(index, obj.bytes.length)]!);
  if (obj === null) throw new RulesEvalError('Null value error.');
  throw new RulesEvalError(
    `Unsupported operation error. Received: ${typeName(obj)}[${typeName(index)}].`,
  );
}

function position(index: RValue, length: number): number {
  if (typeof index !== 'bigint') throw new RulesEvalError('Index must be an int.');
  const i = Number(index);
  if (i < 0 || i >= length) throw new RulesEvalError(`Index ${i} out of range.`);
  return i;
}

/** `x[a:b]` over lists, strings, paths, bytes. */
export function rangeValue(obj: RValue, from: RValue, to: RValue): RValue {
  if (isUnknown(obj) || isUnknown(from) || isUnknown(to)) return UNKNOWN;
  if (typeof from !== 'bigint' || typeof to !== 'bigint')
    throw new RulesEvalError('Range bounds must be ints.');
  const slice = <T>(items: T[]): T[] => {
    const a = Number(from);
    const b = Number(to);
    if (a < 0 || b > items.length || a > b)
      throw new RulesEvalError(`Range [${a}:${b}] out of bounds.`);
    return items.slice(a, b);
  };
  if (Array.isArray(obj)) return slice(obj);
  if (typeof obj === 'string') return slice(Array.from(obj)).join('');
  if (obj instanceof RPath) return new RPath(slice(obj.segments));
  if (obj instanceof RBytes) return new RBytes(Uint8Array.from(slice(Array.from(obj.bytes))));
  if (obj === null) throw new RulesEvalError('Null value error.');
  throw new RulesEvalError(`Unsupported operation error. Received: ${typeName(obj)}[int:int].`);
}

export function callMethod(target: RValue, name: string, args: RValue[]): RValue {
  if (target instanceof RUnknown) return unknownMethod(target, name, args);
  if (args.some(hasUnknown) || hasUnknown(target)) return UNKNOWN;
  if (target === null) throw new RulesEvalError('Null value error.');
  const method = lookup(target, name);
  if (!method) throw new RulesEvalError(`Function not found error: Name: [${name}].`);
  return method(args);
}

type Method = (args: RValue[]) => RValue;

function lookup(t: Exclude<RValue, null | RUnknown>, name: string): Method | undefined {
  if (typeof t === 'string') return stringMethods(t)[name];
  if (Array.isArray(t)) return listMethods(t)[name];
  if (t instanceof RMap) return mapMethods(t)[name];
  if (t instanceof RSet) return setMethods(t)[name];
  if (t instanceof RMapDiff) return mapDiffMethods(t)[name];
  if (t instanceof RBytes) return bytesMethods(t)[name];
  if (t instanceof RPath) return pathMethods(t)[name];
  if (t instanceof RTimestamp) return (args) => timestampMethod(t, name, args);
  if (t instanceof RDuration) return durationMethods(t)[name];
  if (t instanceof RLatLng) return latLngMethods(t)[name];
  return undefined;
}

function arity(args: RValue[], n: number, name: string): void {
  if (args.length !== n)
    throw new RulesEvalError(`Function ${name} expects ${n} arguments, got ${args.length}.`);
}

function str(v: RValue | undefined, what: string): string {
  if (typeof v !== 'string') throw new RulesEvalError(`${what} must be a string.`);
  return v;
}

function list(v: RValue | undefined, what: string): RValue[] {
  if (Array.isArray(v)) return v;
  if (v instanceof RSet) return v.items;
  throw new RulesEvalError(`${what} must be a list or set.`);
}

const regexCache = new Map<string, RegExp>();

/** RE2 approximated by JS RegExp; `anchored` for matches() (whole string). */
export function regex(pattern: string, anchored: boolean, global = false): RegExp {
  const key = `${anchored ? 'a' : 'u'}${global ? 'g' : ''}:${pattern}`;
  let re = regexCache.get(key);
  if (!re) {
    let source = re2ToJs(pattern);
    let flags = global ? 'gu' : 'u';
    // RE2 inline flags at the start, e.g. (?i)
    const inline = /^\(\?([imsU]+)\)/.exec(source);
    if (inline) {
      source = source.slice(inline[0].length);
      for (const f of inline[1]!) if (f !== 'U' && !flags.includes(f)) flags += f;
    }
    try {
      re = new RegExp(anchored ? `^(?:${source})$` : source, flags);
    } catch {
      try {
        re = new RegExp(anchored ? `^(?:${source})$` : source, flags.replace('u', ''));
      } catch {
        throw new RulesEvalError(`Invalid regular expression: ${pattern}`);
      }
    }
    if (regexCache.size > 500) regexCache.clear();
    regexCache.set(key, re);
  }
  re.lastIndex = 0;
  return re;
}

const POSIX_CLASSES: Record<string, string> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7F',
  blank: '\\t ',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-\\/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

/** RE2 spellings JavaScript lacks: POSIX classes, (?P<name>), \A and \z. */
function re2ToJs(pattern: string): string {
  return pattern
    .replace(/\[:(\^?)([a-z]+):\]/g, (whole, negated: string, name: string) => {
      const chars = POSIX_CLASSES[name];
      // Inside a bracket expression only; a negated POSIX class has no JS form, keep it as written.
      return chars !== undefined && !negated ? chars : whole;
    })
    .replace(/\(\?P</g, '(?<')
    .replace(/(^|[^\\])\\A/g, '$1^')
    .replace(/(^|[^\\])\\z/g, '$1$');
}

function stringMethods(s: string): Record<string, Method> {
  return {
    size: (a) => (arity(a, 0, 'size'), BigInt(Array.from(s).length)),
    lower: (a) => (arity(a, 0, 'lower'), s.toLowerCase()),
    upper: (a) => (arity(a, 0, 'upper'), s.toUpperCase()),
    trim: (a) => (arity(a, 0, 'trim'), s.trim()),
    matches: (a) => (arity(a, 1, 'matches'), regex(str(a[0], 'Regex'), true).test(s)),
    replace: (a) => {
      arity(a, 2, 'replace');
      // RE2 replacement strings name groups \1; JS uses $1.
      const sub = str(a[1], 'Replacement')
        .replace(/\$/g, '$$$$')
        .replace(/\\(\d)/g, '$$$1');
      return s.replace(regex(str(a[0], 'Regex'), false, true), sub);
    },
    split: (a) => (arity(a, 1, 'split'), s.split(regex(str(a[0], 'Regex'), false, true))),
    toUtf8: (a) => (arity(a, 0, 'toUtf8'), new RBytes(new TextEncoder().encode(s))),
  };
}

function listMethods(l: RValue[]): Record<string, Method> {
  const has = (x: RValue): boolean => l.some((y) => valuesEqual(x, y));
  return {
    size: (a) => (arity(a, 0, 'size'), BigInt(l.length)),
    hasAll: (a) => (arity(a, 1, 'hasAll'), list(a[0], 'Argument').every(has)),
    hasAny: (a) => (arity(a, 1, 'hasAny'), list(a[0], 'Argument').some(has)),
    hasOnly: (a) => {
      arity(a, 1, 'hasOnly');
      const allowed = list(a[0], 'Argument');
      return l.every((x) => allowed.some((y) => valuesEqual(x, y)));
    },
    concat: (a) => {
      arity(a, 1, 'concat');
      if (!Array.isArray(a[0])) throw new RulesEvalError('Argument must be a list.');
      return [...l, ...a[0]];
    },
    join: (a) => {
      if (a.length > 1) arity(a, 1, 'join');
      const sep = a.length ? str(a[0], 'Separator') : '';
      return l.map((x) => str(x, 'List element')).join(sep);
    },
    removeAll: (a) => {
      arity(a, 1, 'removeAll');
      const gone = list(a[0], 'Argument');
      return l.filter((x) => !gone.some((y) => valuesEqual(x, y)));
    },
    toSet: (a) => (arity(a, 0, 'toSet'), new RSet(l)),
  };
}

function mapMethods(m: RMap): Record<string, Method> {
  return {
    size: (a) => (arity(a, 0, 'size'), BigInt(m.entries.size)),
    keys: (a) => (arity(a, 0, 'keys'), [...m.entries.keys()]),
    values: (a) => (arity(a, 0, 'values'), [...m.entries.values()]),
    get: (a) => {
      arity(a, 2, 'get');
      const key = a[0]!;
      const keyPath = Array.isArray(key) ? key : [key];
      let cur: RValue = m;
      for (const k of keyPath) {
        if (typeof k !== 'string') throw new RulesEvalError('Map key must be a string.');
        if (!(cur instanceof RMap) || !cur.entries.has(k)) return a[1]!;
        cur = cur.entries.get(k)!;
      }
      return cur;
    },
    diff: (a) => {
      arity(a, 1, 'diff');
      if (!(a[0] instanceof RMap)) throw new RulesEvalError('Argument of diff must be a map.');
      return new RMapDiff(m, a[0]);
    },
  };
}

function mapDiffMethods(d: RMapDiff): Record<string, Method> {
  const left = d.left.entries;
  const right = d.right.entries;
  const keys = (pick: (k: string) => boolean): RSet =>
    new RSet([...new Set([...left.keys(), ...right.keys()])].filter(pick));
  const changed = (k: string): boolean =>
    left.has(k) && right.has(k) && !valuesEqual(left.get(k)!, right.get(k)!);
  const methods: Record<string, (k: string) => boolean> = {
    addedKeys: (k) => left.has(k) && !right.has(k),
    removedKeys: (k) => !left.has(k) && right.has(k),
    changedKeys: changed,
    affectedKeys: (k) => !left.has(k) || !right.has(k) || changed(k),
    unchangedKeys: (k) => left.has(k) && right.has(k) && !changed(k),
  };
  return Object.fromEntries(
    Object.entries(methods).map(([name, pick]) => [
      name,
      (a: RValue[]) => (arity(a, 0, name), keys(pick)),
    ]),
  );
}

function setMethods(s: RSet): Record<string, Method> {
  const has = (x: RValue): boolean => s.items.some((y) => valuesEqual(x, y));
  const other = (a: RValue[], name: string): RValue[] => (
    arity(a, 1, name),
    list(a[0], 'Argument')
  );
  return {
    size: (a) => (arity(a, 0, 'size'), BigInt(s.items.length)),
    difference: (a) => {
      const o = other(a, 'difference');
      return new RSet(s.items.filter((x) => !o.some((y) => valuesEqual(x, y))));
    },
    intersection: (a) => {
      const o = other(a, 'intersection');
      return new RSet(s.items.filter((x) => o.some((y) => valuesEqual(x, y))));
    },
    union: (a) => new RSet([...s.items, ...other(a, 'union')]),
    hasAll: (a) => other(a, 'hasAll').every(has),
    hasAny: (a) => other(a, 'hasAny').some(has),
    hasOnly: (a) => {
      const o = other(a, 'hasOnly');
      return s.items.every((x) => o.some((y) => valuesEqual(x, y)));
    },
  };
}

function bytesMethods(b: RBytes): Record<string, Method> {
  return {
    size: (a) => (arity(a, 0, 'size'), BigInt(b.bytes.length)),
    toBase64: (a) => (arity(a, 0, 'toBase64'), Buffer.from(b.bytes).toString('base64')),
    toHexString: (a) => (
      arity(a, 0, 'toHexString'),
      Buffer.from(b.bytes).toString('hex').toUpperCase()
    ),
  };
}

function pathMethods(p: RPath): Record<string, Method> {
  return {
    bind: (a) => {
      arity(a, 1, 'bind');
      const bindings = a[0];
      if (!(bindings instanceof RMap)) throw new RulesEvalError('Argument of bind must be a map.');
      return new RPath(
        p.segments.map((seg) =>
          seg.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, key: string) => {
            const v = bindings.entries.get(key);
            if (v === undefined) return whole;
            if (typeof v === 'string' || typeof v === 'bigint' || typeof v === 'number')
              return String(v);
            throw new RulesEvalError(`Cannot bind a ${typeName(v)} into a path.`);
          }),
        ),
      );
    },
  };
}

function durationMethods(d: RDuration): Record<string, Method> {
  const { seconds, nanos } = durationParts(d);
  return {
    seconds: (a) => (arity(a, 0, 'seconds'), seconds),
    nanos: (a) => (arity(a, 0, 'nanos'), nanos),
  };
}

const EARTH_RADIUS_M = 6371010;

function latLngMethods(p: RLatLng): Record<string, Method> {
  return {
    latitude: (a) => (arity(a, 0, 'latitude'), p.lat),
    longitude: (a) => (arity(a, 0, 'longitude'), p.lng),
    distance: (a) => {
      arity(a, 1, 'distance');
      const o = a[0];
      if (!(o instanceof RLatLng))
        throw new RulesEvalError('Argument of distance must be a latlng.');
      const rad = Math.PI / 180;
      const dLat = (o.lat - p.lat) * rad;
      const dLng = (o.lng - p.lng) * rad;
      const h =
        Math.sin(dLat / 2) ** 2 +
        Math.cos(p.lat * rad) * Math.cos(o.lat * rad) * Math.sin(dLng / 2) ** 2;
      return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
    },
  };
}

/** Methods on an unknown query field: `get` can still resolve pinned sub-fields. */
function unknownMethod(target: RUnknown, name: string, args: RValue[]): RValue {
  if (name === 'get' && args.length === 2 && target.table) {
    const key = args[0]!;
    const keyPath = Array.isArray(key) ? key : [key];
    if (keyPath.every((k) => typeof k === 'string')) {
      let cur: RValue = target;
      for (const k of keyPath as string[])
        cur = cur instanceof RUnknown ? unknownField(cur, k) : UNKNOWN;
      return cur;
    }
  }
  return UNKNOWN;
}
