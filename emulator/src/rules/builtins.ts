/** Global functions (int, float, string, path, debug) and namespaces (math, hashing, timestamp, duration, latlng). */
import { createHash } from 'node:crypto';
import { checkedInt } from './arithmetic.js';
import { RulesEvalError } from './errors.js';
import type { RulesHost } from './evaluator.js';
import { durationNamespace, timestampNamespace } from './time.js';
import {
  hasUnknown,
  RBytes,
  RLatLng,
  RPath,
  showValue,
  typeName,
  UNKNOWN,
  type RValue,
} from './values.js';

type Fn = (args: RValue[]) => RValue;

function num(v: RValue | undefined, what = 'Argument'): number {
  if (typeof v === 'bigint' || typeof v === 'number') return Number(v);
  if (v === null) throw new RulesEvalError('Null value error.');
  throw new RulesEvalError(`${what} must be a number.`);
}

function toInt(x: number): bigint {
  if (!Number.isFinite(x)) throw new RulesEvalError('Cannot convert a non-finite float to int.');
  return checkedInt(BigInt(x));
}

const math: Record<string, Fn> = {
  abs: ([x]) => {
    if (typeof x === 'bigint') return checkedInt(x < 0n ? -x : x);
    return Math.abs(num(x));
  },
  ceil: ([x]) => (typeof x === 'bigint' ? x : toInt(Math.ceil(num(x)))),
  floor: ([x]) => (typeof x === 'bigint' ? x : toInt(Math.floor(num(x)))),
  // Half away from zero.
  round: ([x]) =>
    typeof x === 'bigint' ? x : toInt(Math.sign(num(x)) * Math.round(Math.abs(num(x)))),
  pow: ([b, e]) => Math.pow(num(b), num(e)),
  sqrt: ([x]) => Math.sqrt(num(x)),
  isInfinite: ([x]) =>
    typeof x === 'bigint' ? (num(x), false) : !Number.isFinite(num(x)) && !Number.isNaN(num(x)),
  isNaN: ([x]) => (typeof x === 'bigint' ? false : Number.isNaN(num(x))),
};

function hashInput(v: RValue | undefined): Uint8Array {
  if (typeof v === 'string') return new TextEncoder().encode(v);
  if (v instanceof RBytes) return v.bytes;
  throw new RulesEvalError('Hashing input must be a string or bytes.');
}

function crcTable(poly: number): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? poly ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

const CRC32 = crcTable(0xedb88320);
const CRC32C = crcTable(0x82f63b78);

function crc(table: Uint32Array, data: Uint8Array): RBytes {
  let c = 0xffffffff;
  for (const byte of data) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, (c ^ 0xffffffff) >>> 0);
  return new RBytes(out);
}

const hashing: Record<string, Fn> = {
  md5: ([v]) => new RBytes(createHash('md5').update(hashInput(v)).digest()),
  sha256: ([v]) => new RBytes(createHash('sha256').update(hashInput(v)).digest()),
  crc32: ([v]) => crc(CRC32, hashInput(v)),
  crc32c: ([v]) => crc(CRC32C, hashInput(v)),
};

const latlng: Record<string, Fn> = {
  value: ([lat, lng]) => {
    const la = num(lat, 'Latitude');
    const lo = num(lng, 'Longitude');
    if (la < -90 || la > 90 || lo < -180 || lo > 180)
      throw new RulesEvalError('Latitude or longitude out of range.');
    return new RLatLng(la, lo);
  },
};

const NAMESPACES: Record<string, Record<string, Fn>> = {
  math,
  hashing,
  latlng,
  timestamp: timestampNamespace,
  duration: durationNamespace,
};

export function isNamespace(name: string, host: RulesHost): boolean {
  return name in NAMESPACES || (host.namespaces !== undefined && name in host.namespaces);
}

export function callNamespace(ns: string, name: string, args: RValue[], host: RulesHost): RValue {
  const fn = host.namespaces?.[ns]?.[name] ?? NAMESPACES[ns]?.[name];
  if (!fn) throw new RulesEvalError(`Function not found error: Name: [${ns}.${name}].`);
  if (args.some(hasUnknown)) return UNKNOWN;
  return fn(args);
}

function stringOf(v: RValue): string {
  if (typeof v === 'string') return v;
  if (v === null || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(1) : String(v);
  if (v instanceof RPath) return v.toString();
  throw new RulesEvalError(`Cannot convert a ${typeName(v)} to string.`);
}

const GLOBALS: Record<string, (args: RValue[], host: RulesHost) => RValue> = {
  int: ([v]) => {
    if (typeof v === 'bigint') return v;
    if (typeof v === 'number') return toInt(Math.trunc(v));
    if (typeof v === 'string' && /^\s*[+-]?\d+\s*$/.test(v)) return checkedInt(BigInt(v.trim()));
    throw new RulesEvalError(`Cannot convert ${showValue(v ?? null)} to int.`);
  },
  float: ([v]) => {
    if (typeof v === 'bigint' || typeof v === 'number') return Number(v);
    if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
    throw new RulesEvalError(`Cannot convert ${showValue(v ?? null)} to float.`);
  },
  string: ([v]) => stringOf(v ?? null),
  bool: ([v]) => {
    if (typeof v === 'boolean') return v;
    if (v === 'true' || v === 'false') return v === 'true';
    throw new RulesEvalError(`Cannot convert ${showValue(v ?? null)} to bool.`);
  },
  path: ([v]) => {
    if (v instanceof RPath) return v;
    if (typeof v !== 'string') throw new RulesEvalError('Argument of path() must be a string.');
    return new RPath(v.split('/').filter((s) => s !== ''));
  },
  debug: ([v], host) => {
    host.debug?.(showValue(v ?? null));
    return v ?? null;
  },
};

export function callGlobal(name: string, args: RValue[], host: RulesHost): RValue {
  const hostFn = host.globals?.[name];
  if (hostFn) return args.some(hasUnknown) ? UNKNOWN : hostFn(args);
  const fn = GLOBALS[name];
  if (!fn) throw new RulesEvalError(`Function not found error: Name: [${name}].`);
  if (name !== 'debug' && args.some(hasUnknown)) return UNKNOWN;
  if (args.length !== 1)
    throw new RulesEvalError(`Function ${name} expects 1 argument, got ${args.length}.`);
  return fn(args, host);
}
