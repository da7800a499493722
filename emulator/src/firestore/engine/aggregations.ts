import { invalid, isObject, optMessage } from './errors.js';
import { getField } from './fields.js';
import { formatFieldPath, parseFieldPath } from './paths.js';
import type { StoredDoc } from './store.js';
import { doubleOf, encodeDouble, type Value } from './values.js';

export interface Aggregation {
  alias: string;
  kind: 'count' | 'sum' | 'avg';
  upTo: number | null;
  field: string[];
}

const MAX_AGGREGATIONS = 5;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export function parseAggregations(json: unknown, what: string): Aggregation[] {
  if (!Array.isArray(json) || json.length === 0)
    throw invalid(`${what}: at least one aggregation is required`);
  if (json.length > MAX_AGGREGATIONS)
    throw invalid(`${what}: at most ${MAX_AGGREGATIONS} aggregations are allowed`);
  const aliases = new Set<string>();
  return json.map((a, i) => {
    const where = `${what}: aggregations[${i}]`;
    if (!isObject(a)) throw invalid(`${where} must be an object`);
    const alias =
      a.alias === undefined || a.alias === null || a.alias === '' ? `field_${i + 1}` : a.alias;
    if (typeof alias !== 'string' || /^__.*__$/.test(alias))
      throw invalid(`${where}: invalid alias '${String(alias)}'`);
    if (aliases.has(alias)) throw invalid(`${what}: duplicate aggregation alias '${alias}'`);
    aliases.add(alias);
    const kinds = ['count', 'sum', 'avg'].filter((k) => a[k] !== undefined && a[k] !== null);
    if (kinds.length !== 1) throw invalid(`${where} must set exactly one of count, sum or avg`);
    const kind = kinds[0] as Aggregation['kind'];
    const body = optMessage(a, kind, where)!;
    if (kind === 'count') {
      let upTo: unknown = body.upTo;
      if (isObject(upTo)) upTo = upTo.value;
      if (upTo === undefined || upTo === null) return { alias, kind, upTo: null, field: [] };
      const n = typeof upTo === 'string' && /^-?\d+$/.test(upTo) ? Number(upTo) : upTo;
      if (typeof n !== 'number' || !Number.isInteger(n) || n <= 0)
        throw invalid(`${where}: count.upTo must be a positive integer`);
      return { alias, kind, upTo: n, field: [] };
    }
    const field = optMessage(body, 'field', where);
    if (!field) throw invalid(`${where}: ${kind}.field is required`);
    const path = parseFieldPath(field.fieldPath, where);
    if (formatFieldPath(path) === '__name__')
      throw invalid(`${where}: cannot ${kind} over __name__`);
    return { alias, kind, upTo: null, field: path };
  });
}

/** Computes each aggregation over the query's documents. */
export function aggregate(aggregations: Aggregation[], docs: StoredDoc[]): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const a of aggregations) {
    if (a.kind === 'count') {
      out[a.alias] = {
        integerValue: String(a.upTo === null ? docs.length : Math.min(docs.length, a.upTo)),
      };
      continue;
    }
    let ints = 0n;
    let doubles = 0;
    let sawDouble = false;
    let n = 0;
    for (const d of docs) {
      const v = getField(d.fields, a.field);
      if (!v) continue;
      if (v.integerValue !== undefined) ints += BigInt(v.integerValue);
      else if (v.doubleValue !== undefined) {
        doubles += doubleOf(v);
        sawDouble = true;
      } else continue; // Non-numeric values (including null) are skipped.
      n++;
    }
    if (a.kind === 'sum') {
      out[a.alias] =
        !sawDouble && ints >= INT64_MIN && ints <= INT64_MAX
          ? { integerValue: ints.toString() }
          : { doubleValue: encodeDouble(doubles + Number(ints)) };
    } else {
      out[a.alias] =
        n === 0
          ? { nullValue: 'NULL_VALUE' }
          : { doubleValue: encodeDouble((doubles + Number(ints)) / n) };
    }
  }
  return out;
}
