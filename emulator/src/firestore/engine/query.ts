import type { Filter } from '../sdk-api.js';
import type { StructuredQuery } from '../protocol/messages.js';
import type { JsonObject } from '../service.js';
import { invalid, isObject, optArray, optInt, optMessage } from './errors.js';
import { getField } from './fields.js';
import {
  childPath,
  collectionPathOf,
  compareDocumentNames,
  formatFieldPath,
  lastSegment,
  parseFieldPath,
  validateId,
} from './paths.js';
import { checkDisjunctions } from './disjunctions.js';
import { nearestDocs, parseFindNearest, type NearestSpec } from './nearest.js';
import type { Database, StoredDoc } from './store.js';
import {
  compareValues,
  isNaNValue,
  normalizeValue,
  typeOrder,
  valuesEqual,
  type Value,
} from './values.js';

/** A validated StructuredQuery, ready to evaluate. */
export interface CompiledQuery {
  /** The structured query as received (handed to the authorizer). */
  json: StructuredQuery;
  /** Relative path of the parent document ('' for the root). */
  parentPath: string;
  /** '' for a kindless query (every document under the parent). */
  collectionId: string;
  allDescendants: boolean;
  filter: Predicate | null;
  /** Full ordering, ending with __name__. */
  orders: Order[];
  start: Bound | null;
  end: Bound | null;
  offset: number;
  limit: number | null;
  /** Projection; null keeps every field. */
  select: string[][] | null;
  /** Vector search: the nearest documents, equal distances in the query's order. */
  nearest: NearestSpec | null;
}

export interface CompileOptions {
  /**
   * Fields every result must have, ordered implicitly like inequality fields: the fields of
   * sum/avg aggregations (Firestore reads them from an index, so a document without the field is
   * not counted by a count in the same request either).
   */
  requiredFields?: string[][];
}

type Predicate = (doc: StoredDoc) => boolean;

interface Order {
  path: string[];
  isName: boolean;
  desc: boolean;
}

interface Bound {
  values: Value[];
  before: boolean;
}

const MAX_DISJUNCTION_VALUES = 30;
const MAX_NOT_IN_VALUES = 10;
const INEQUALITY_OPS = new Set([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'NOT_EQUAL',
  'NOT_IN',
]);

export function compileQuery(
  parentPath: string,
  sq: unknown,
  what = 'Invalid query',
  options: CompileOptions = {},
): CompiledQuery {
  if (!isObject(sq)) throw invalid(`${what}: structuredQuery is required`);
  const nearest =
    sq.findNearest !== undefined && sq.findNearest !== null ? parseFindNearest(sq, what) : null;
  const from = optArray(sq, 'from', what);
  if (from.length !== 1 || !isObject(from[0]))
    throw invalid(`${what}: a query must select from exactly one collection`);
  const selector = from[0];
  if (
    selector.allDescendants !== undefined &&
    selector.allDescendants !== null &&
    typeof selector.allDescendants !== 'boolean'
  ) {
    throw invalid(`${what}: from.allDescendants must be a boolean`);
  }
  const allDescendants = selector.allDescendants === true;
  const collectionId = selector.collectionId ?? '';
  if (typeof collectionId !== 'string')
    throw invalid(`${what}: from.collectionId must be a string`);
  // Without a collection id (a "kindless" query, used by recursive deletes) every descendant is read.
  if (collectionId === '' && !allDescendants)
    throw invalid(`${what}: from.collectionId is required`);
  if (collectionId !== '') validateId(collectionId, `${what}: invalid collection id`);

  const inequalities = new Map<string, string[]>();
  const counts = { notIn: 0, notEqual: 0, disjunctive: 0 };
  const whereJson = optMessage(sq, 'where', what);
  const filter = whereJson ? compileFilter(whereJson, what, inequalities, counts) : null;
  // compileFilter has checked the filter's shape: it is a Filter.
  if (whereJson) checkDisjunctions(whereJson as Filter, what);
  for (const path of options.requiredFields ?? []) inequalities.set(formatFieldPath(path), path);
  if (counts.notIn > 1) throw invalid(`${what}: only one 'NOT_IN' filter is allowed per query`);
  if (counts.notIn > 0 && counts.disjunctive > 0) {
    throw invalid(
      `${what}: 'NOT_IN' cannot be used in the same query with 'IN', 'ARRAY_CONTAINS_ANY' or 'OR'.`,
    );
  }
  if (counts.notIn > 0 && counts.notEqual > 0)
    throw invalid(`${what}: 'NOT_IN' cannot be combined with 'NOT_EQUAL' filters`);

  const orders: Order[] = [];
  const seen = new Set<string>();
  for (const [i, o] of optArray(sq, 'orderBy', what).entries()) {
    if (!isObject(o)) throw invalid(`${what}: orderBy[${i}] must be an object`);
    const field = optMessage(o, 'field', what);
    if (!field) throw invalid(`${what}: orderBy[${i}].field is required`);
    const path = parseFieldPath(field.fieldPath, `${what}: orderBy[${i}]`);
    const dir = o.direction ?? 'ASCENDING';
    if (!['ASCENDING', 'DESCENDING', 'DIRECTION_UNSPECIFIED', 1, 2, 0].includes(dir as string)) {
      throw invalid(`${what}: orderBy[${i}].direction must be ASCENDING or DESCENDING`);
    }
    const key = formatFieldPath(path);
    if (seen.has(key)) throw invalid(`${what}: field '${key}' appears more than once in orderBy`);
    seen.add(key);
    if (seen.has('__name__') && key !== '__name__')
      throw invalid(`${what}: order by clause cannot contain more fields after the key`);
    orders.push({ path, isName: key === '__name__', desc: dir === 'DESCENDING' || dir === 2 });
  }
  // Implicit ordering: inequality fields not ordered explicitly, then the document name.
  const lastDesc = orders.length > 0 ? orders[orders.length - 1]!.desc : false;
  if (seen.has('__name__')) {
    // No index has fields after __name__: implicitly ordered fields must be ordered explicitly.
    const unordered = [...inequalities.keys()].filter((k) => k !== '__name__' && !seen.has(k));
    if (unordered.length > 0) {
      throw invalid(
        `${what}: This query requires an index that has fields [${unordered.sort().join(', ')}] after __name__ and Firestore does not currently support such an index. Please try the query again with additional ordering on those fields.`,
      );
    }
  } else {
    for (const key of [...inequalities.keys()].sort()) {
      if (key !== '__name__' && !seen.has(key))
        orders.push({ path: inequalities.get(key)!, isName: false, desc: lastDesc });
    }
    orders.push({ path: ['__name__'], isName: true, desc: lastDesc });
  }

  // A cursor positions on the explicit orderBy only (the official emulator refuses more values;
  // the SDKs send the implicit orders explicitly when they build a cursor).
  const cursorOrders = orders.slice(0, seen.size);
  const start = compileCursor(sq.startAt, cursorOrders, 'startAt', what);
  const end = compileCursor(sq.endAt, cursorOrders, 'endAt', what);
  const offset = optInt(sq, 'offset', what) ?? 0;
  if (offset < 0) throw invalid(`${what}: offset must be non-negative`);
  const limit = optInt(sq, 'limit', what) ?? null;
  if (limit !== null && limit < 0) throw invalid(`${what}: limit must be non-negative`);

  let select: string[][] | null = null;
  const selectJson = optMessage(sq, 'select', what);
  if (selectJson) {
    select = optArray(selectJson, 'fields', what).map((f, i) => {
      if (!isObject(f)) throw invalid(`${what}: select.fields[${i}] must be a field reference`);
      return parseFieldPath(f.fieldPath, `${what}: select.fields[${i}]`);
    });
    select = select.filter((p) => !(p.length === 1 && p[0] === '__name__'));
  }
  return {
    json: sq,
    parentPath,
    collectionId,
    allDescendants,
    filter,
    orders,
    start,
    end,
    offset,
    limit,
    select,
    nearest,
  };
}

function compileCursor(c: unknown, orders: Order[], key: string, what: string): Bound | null {
  if (c === undefined || c === null) return null;
  if (!isObject(c)) throw invalid(`${what}: ${key} must be a Cursor`);
  const raw = optArray(c, 'values', `${what}: ${key}`);
  if (raw.length > orders.length) {
    throw invalid(
      `${what}: Cursor has too many values: ${key} has ${raw.length} but the query orders by ${orders.length} fields`,
    );
  }
  const values = raw.map((v, i) => {
    const value = normalizeValue(v, `${key}.values[${i}]`);
    if (orders[i]!.isName && !('referenceValue' in value)) {
      throw invalid(
        `${what}: the ${key} value for __name__ must be a document reference (referenceValue)`,
      );
    }
    return value;
  });
  if (c.before !== undefined && c.before !== null && typeof c.before !== 'boolean')
    throw invalid(`${what}: ${key}.before must be a boolean`);
  return { values, before: c.before === true };
}

/** List operators take arrays of values, and their values may themselves be arrays. */
function normalizeOperand(op: unknown, raw: unknown, where: string): Value {
  const isList = op === 'IN' || op === 'NOT_IN' || op === 'ARRAY_CONTAINS_ANY';
  const elements = isObject(raw) && isObject(raw.arrayValue) ? raw.arrayValue.values : undefined;
  if (!isList || !Array.isArray(elements)) return normalizeValue(raw, where);
  return {
    arrayValue: {
      values: elements.map((e, i) => normalizeValue(e, `${where}[${i}]`, { depth: 1 })),
    },
  };
}

/**
 * Equality as filters apply it: a null or NaN operand equals nothing (not even a stored null or
 * NaN), as in the official emulator; `IS_NULL` / `IS_NAN` are the way to find those.
 */
function filterEquals(stored: Value, operand: Value): boolean {
  return operand.nullValue === undefined && !isNaNValue(operand) && valuesEqual(stored, operand);
}

function fieldValue(doc: StoredDoc, path: string[]): Value | undefined {
  if (path.length === 1 && path[0] === '__name__') return { referenceValue: doc.name };
  return getField(doc.fields, path);
}

function compileFilter(
  f: JsonObject,
  what: string,
  inequalities: Map<string, string[]>,
  counts: { notIn: number; notEqual: number; disjunctive: number },
): Predicate {
  const kinds = ['compositeFilter', 'fieldFilter', 'unaryFilter'].filter(
    (k) => f[k] !== undefined && f[k] !== null,
  );
  if (kinds.length !== 1)
    throw invalid(
      `${what}: a filter must set exactly one of compositeFilter, fieldFilter or unaryFilter`,
    );
  const kind = kinds[0]!;
  const body = f[kind];
  if (!isObject(body)) throw invalid(`${what}: ${kind} must be an object`);
  if (kind === 'compositeFilter') {
    const op = body.op;
    if (op !== 'AND' && op !== 'OR') throw invalid(`${what}: compositeFilter.op must be AND or OR`);
    const parts = optArray(body, 'filters', what).map((x, i) => {
      if (!isObject(x)) throw invalid(`${what}: compositeFilter.filters[${i}] must be a filter`);
      return compileFilter(x, what, inequalities, counts);
    });
    if (parts.length === 0) throw invalid(`${what}: a composite filter needs at least one filter`);
    if (op === 'OR') counts.disjunctive++;
    if (parts.length === 1) return parts[0]!;
    return op === 'AND' ? (d) => parts.every((p) => p(d)) : (d) => parts.some((p) => p(d));
  }
  const fieldRef = optMessage(body, 'field', what);
  if (!fieldRef) throw invalid(`${what}: ${kind}.field is required`);
  const path = parseFieldPath(fieldRef.fieldPath, what);
  const key = formatFieldPath(path);
  const isName = key === '__name__';
  const op = body.op;
  if (kind === 'unaryFilter') {
    if (isName) throw invalid(`${what}: unary filters cannot be applied to __name__`);
    switch (op) {
      case 'IS_NAN':
        return (d) => {
          const v = getField(d.fields, path);
          return v !== undefined && isNaNValue(v);
        };
      case 'IS_NULL':
        return (d) => getField(d.fields, path)?.nullValue !== undefined;
      case 'IS_NOT_NAN':
        inequalities.set(key, path);
        return (d) => {
          const v = getField(d.fields, path);
          return v !== undefined && v.nullValue === undefined && !isNaNValue(v);
        };
      case 'IS_NOT_NULL':
        inequalities.set(key, path);
        return (d) => {
          const v = getField(d.fields, path);
          return v !== undefined && v.nullValue === undefined;
        };
      default:
        throw invalid(`${what}: unknown unary filter operator '${String(op)}'`);
    }
  }
  const value = normalizeOperand(op, body.value, `${what}: fieldFilter.value`);
  const list = (): Value[] => {
    const arr = value.arrayValue;
    const max = op === 'NOT_IN' ? MAX_NOT_IN_VALUES : MAX_DISJUNCTION_VALUES;
    if (!arr || arr.values.length === 0 || arr.values.length > max) {
      throw invalid(`${what}: '${String(op)}' requires a non-empty array of at most ${max} values`);
    }
    return arr.values;
  };
  if (isName) {
    const check = (v: Value) => {
      if (!('referenceValue' in v))
        throw invalid(`${what}: filters on __name__ must use document references (referenceValue)`);
    };
    if (op === 'IN' || op === 'NOT_IN') list().forEach(check);
    else if (op === 'ARRAY_CONTAINS' || op === 'ARRAY_CONTAINS_ANY')
      throw invalid(`${what}: '${op}' cannot be used on __name__`);
    else check(value);
  }
  if (typeof op === 'string' && INEQUALITY_OPS.has(op)) inequalities.set(key, path);
  const get = (d: StoredDoc) => fieldValue(d, path);
  switch (op) {
    case 'EQUAL':
      return (d) => {
        const v = get(d);
        return v !== undefined && filterEquals(v, value);
      };
    case 'NOT_EQUAL': {
      counts.notEqual++;
      if (value.nullValue !== undefined) return () => false; // `!= null` matches nothing
      return (d) => {
        const v = get(d);
        return v !== undefined && v.nullValue === undefined && !filterEquals(v, value);
      };
    }
    case 'LESS_THAN':
    case 'LESS_THAN_OR_EQUAL':
    case 'GREATER_THAN':
    case 'GREATER_THAN_OR_EQUAL': {
      const t = typeOrder(value);
      // Neither NaN nor null is in any range (a null operand matches nothing, as with EQUAL).
      const nan = isNaNValue(value) || value.nullValue !== undefined;
      const accept =
        op === 'LESS_THAN'
          ? (c: number) => c < 0
          : op === 'LESS_THAN_OR_EQUAL'
            ? (c: number) => c <= 0
            : op === 'GREATER_THAN'
              ? (c: number) => c > 0
              : (c: number) => c >= 0;
      return (d) => {
        const v = get(d);
        // Range filters only match values of the same type; NaN is in no numeric range.
        if (v === undefined || nan || typeOrder(v) !== t || isNaNValue(v)) return false;
        return accept(compareValues(v, value));
      };
    }
    case 'ARRAY_CONTAINS':
      return (d) => {
        const arr = get(d)?.arrayValue;
        return arr !== undefined && arr.values.some((e) => filterEquals(e, value));
      };
    case 'ARRAY_CONTAINS_ANY': {
      const wanted = list();
      counts.disjunctive++;
      return (d) => {
        const arr = get(d)?.arrayValue;
        return arr !== undefined && arr.values.some((e) => wanted.some((w) => filterEquals(e, w)));
      };
    }
    case 'IN': {
      const wanted = list();
      counts.disjunctive++;
      return (d) => {
        const v = get(d);
        return v !== undefined && wanted.some((w) => filterEquals(v, w));
      };
    }
    case 'NOT_IN': {
      const unwanted = list();
      counts.notIn++;
      if (unwanted.some((w) => w.nullValue !== undefined)) return () => false; // as `!= null`
      return (d) => {
        const v = get(d);
        return (
          v !== undefined && v.nullValue === undefined && !unwanted.some((w) => filterEquals(v, w))
        );
      };
    }
    default:
      throw invalid(`${what}: unknown field filter operator '${String(op)}'`);
  }
}

// ---- evaluation ----

/** Whether a document path lies in the query's collection (or collection group under the parent). */
export function inScope(q: CompiledQuery, docPath: string): boolean {
  const coll = collectionPathOf(docPath);
  if (!q.allDescendants) return coll === childPath(q.parentPath, q.collectionId);
  return (
    (q.collectionId === '' || lastSegment(coll) === q.collectionId) &&
    (q.parentPath === '' || coll.startsWith(q.parentPath + '/'))
  );
}

interface Entry {
  doc: StoredDoc;
  keys: Value[];
}

/** Filter, orderBy presence and cursors: whether one document belongs to the (unlimited) result. */
function entryFor(q: CompiledQuery, doc: StoredDoc): Entry | null {
  if (q.filter && !q.filter(doc)) return null;
  const keys: Value[] = [];
  for (const o of q.orders) {
    if (o.isName) continue;
    const v = getField(doc.fields, o.path);
    if (v === undefined) return null; // Documents lacking an ordered field are not in the result.
    keys.push(v);
  }
  const e = { doc, keys };
  if (q.start && !boundOk(q, e, q.start, true)) return null;
  if (q.end && !boundOk(q, e, q.end, false)) return null;
  return e;
}

export function matches(q: CompiledQuery, doc: StoredDoc): boolean {
  return inScope(q, doc.path) && entryFor(q, doc) !== null;
}

function boundOk(q: CompiledQuery, e: Entry, b: Bound, isStart: boolean): boolean {
  let c = 0;
  let k = 0;
  for (let i = 0; i < b.values.length; i++) {
    const o = q.orders[i]!;
    const v = b.values[i]!;
    c = o.isName
      ? compareDocumentNames(e.doc.name, v.referenceValue as string)
      : compareValues(e.keys[k++]!, v);
    if (o.desc) c = -c;
    if (c !== 0) break;
  }
  if (isStart) return b.before ? c >= 0 : c > 0;
  return b.before ? c < 0 : c <= 0;
}

function comparator(q: CompiledQuery): (a: Entry, b: Entry) => number {
  const orders = q.orders;
  return (a, b) => {
    let k = 0;
    for (const o of orders) {
      let c: number;
      if (o.isName) c = compareDocumentNames(a.doc.name, b.doc.name);
      else {
        c = compareValues(a.keys[k]!, b.keys[k]!);
        k++;
      }
      if (c !== 0) return o.desc ? -c : c;
    }
    return 0;
  };
}

/** The documents the query reads, current or as of `time`. */
export function* candidates(
  db: Database,
  q: CompiledQuery,
  time: number | null,
): Iterable<StoredDoc> {
  const collections: Map<string, StoredDoc>[] = [];
  if (!q.allDescendants) {
    const c = db.collections.get(childPath(q.parentPath, q.collectionId));
    if (c) collections.push(c);
  } else {
    const prefix = q.parentPath + '/';
    const paths =
      q.collectionId === ''
        ? db.collections.keys()
        : (db.collectionsById.get(q.collectionId) ?? []);
    for (const path of paths) {
      if (q.parentPath === '' || path.startsWith(prefix))
        collections.push(db.collections.get(path)!);
    }
  }
  if (time === null) {
    for (const c of collections) yield* c.values();
    return;
  }
  db.checkReadable(time);
  const changed = db.versionsChangedAfter(time);
  for (const c of collections) for (const d of c.values()) if (!changed.has(d.path)) yield d;
  for (const [path, d] of changed) if (d && inScope(q, path)) yield d;
}

/** Runs the query: ordered, after offset, up to limit. */
export function executeQuery(db: Database, q: CompiledQuery, time: number | null): StoredDoc[] {
  const cmp = comparator(q);
  if (q.nearest) return executeNearest(db, q, time, cmp);
  const k = q.limit === null ? Infinity : q.offset + q.limit;
  if (k === 0) return [];
  let entries: Entry[];
  if (k === Infinity) {
    entries = [];
    for (const d of candidates(db, q, time)) {
      const e = entryFor(q, d);
      if (e) entries.push(e);
    }
    entries.sort(cmp);
  } else {
    entries = topK(candidates(db, q, time), q, k, cmp);
  }
  return entries.slice(q.offset).map((e) => e.doc);
}

/** Vector search over the filtered documents; equal distances in the query's order. */
function executeNearest(
  db: Database,
  q: CompiledQuery,
  time: number | null,
  cmp: (a: Entry, b: Entry) => number,
): StoredDoc[] {
  const filtered: Entry[] = [];
  for (const d of candidates(db, q, time)) {
    const e = entryFor(q, d);
    if (e) filtered.push(e);
  }
  return nearestDocs(q.nearest!, filtered, cmp);
}

/** Keeps the k smallest entries in a max-heap, so a limited query never sorts the whole collection. */
function topK(
  docs: Iterable<StoredDoc>,
  q: CompiledQuery,
  k: number,
  cmp: (a: Entry, b: Entry) => number,
): Entry[] {
  const heap: Entry[] = [];
  for (const d of docs) {
    const e = entryFor(q, d);
    if (!e) continue;
    if (heap.length < k) {
      heap.push(e);
      let i = heap.length - 1;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (cmp(heap[i]!, heap[p]!) <= 0) break;
        [heap[i], heap[p]] = [heap[p]!, heap[i]!];
        i = p;
      }
    } else if (cmp(e, heap[0]!) < 0) {
      heap[0] = e;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && cmp(heap[l]!, heap[m]!) > 0) m = l;
        if (r < heap.length && cmp(heap[r]!, heap[m]!) > 0) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    }
  }
  return heap.sort(cmp);
}
