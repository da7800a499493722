/**
 * Turns a StructuredQuery (proto3 JSON) into what its filters prove about every document it can
 * return: one QueryFacts per disjunct of the filter in disjunctive normal form, with IN and
 * ARRAY_CONTAINS_ANY expanded (each value must be allowed on its own).
 */
import type { FieldFilter as ApiFieldFilter } from '../firestore/sdk-api.js';
import type { Filter, StructuredQuery } from '../firestore/protocol/messages.js';
import { fromFirestoreValue } from './firestore-values.js';
import {
  fieldKey,
  RMap,
  valuesEqual,
  type FieldFilter,
  type QueryFacts,
  type RValue,
} from './values.js';

/** Above this many disjuncts the query is not analysed (and is denied). */
export const MAX_DISJUNCTS = 512;

type Atom = { field: string[]; op: string; value: RValue };

const FIELD_OPS: Record<string, string> = {
  LESS_THAN: '<',
  LESS_THAN_OR_EQUAL: '<=',
  GREATER_THAN: '>',
  GREATER_THAN_OR_EQUAL: '>=',
  EQUAL: '==',
  NOT_EQUAL: '!=',
  ARRAY_CONTAINS: 'array-contains',
  NOT_IN: 'not-in',
};

export class QueryTooComplexError extends Error {}

/** The facts per disjunct; an empty filter gives one disjunct that knows nothing. */
export function queryFacts(query: StructuredQuery | undefined): QueryFacts[] {
  const where = query?.where;
  const dnf = where ? toDnf(where) : [[]];
  const result: QueryFacts[] = [];
  for (const conjunction of dnf) {
    const facts: QueryFacts = { pinned: new Map(), filters: new Map() };
    let empty = false;
    for (const atom of conjunction) {
      const key = fieldKey(atom.field);
      if (atom.op === '==') {
        const prior = facts.pinned.get(key);
        // Two different equalities on one field: this disjunct returns nothing.
        if (prior !== undefined && !valuesEqual(prior, atom.value)) empty = true;
        facts.pinned.set(key, atom.value);
      } else {
        const list: FieldFilter[] = facts.filters.get(key) ?? [];
        list.push({ op: atom.op, value: atom.value });
        facts.filters.set(key, list);
      }
    }
    if (!empty) result.push(facts);
  }
  return result;
}

function toDnf(filter: Filter): Atom[][] {
  if (filter.compositeFilter) {
    const c = filter.compositeFilter;
    const parts = (c.filters ?? []).map(toDnf);
    if (c.op === 'OR') return cap(parts.flat());
    let acc: Atom[][] = [[]];
    for (const part of parts)
      acc = cap(acc.flatMap((left) => part.map((right) => [...left, ...right])));
    return acc;
  }
  if (filter.fieldFilter) {
    const f = filter.fieldFilter as ApiFieldFilter;
    const field = parseFieldPath(f.field?.fieldPath ?? '');
    const value = fromFirestoreValue(f.value);
    if (f.op === 'IN') return cap(asList(value).map((v) => [{ field, op: '==', value: v }]));
    if (f.op === 'ARRAY_CONTAINS_ANY')
      return cap(asList(value).map((v) => [{ field, op: 'array-contains', value: v }]));
    const op = FIELD_OPS[f.op ?? ''];
    if (!op) throw new QueryTooComplexError(`Unsupported filter operator ${f.op}.`);
    return [[{ field, op, value }]];
  }
  if (filter.unaryFilter) {
    const u = filter.unaryFilter;
    const field = parseFieldPath(u.field?.fieldPath ?? '');
    switch (u.op) {
      case 'IS_NULL':
        return [[{ field, op: '==', value: null }]];
      case 'IS_NAN':
        return [[{ field, op: '==', value: NaN }]];
      case 'IS_NOT_NULL':
        return [[{ field, op: '!=', value: null }]];
      case 'IS_NOT_NAN':
        return [[{ field, op: '!=', value: NaN }]];
      default:
        throw new QueryTooComplexError(`Unsupported filter operator ${u.op}.`);
    }
  }
  return [[]];
}

function asList(v: RValue): RValue[] {
  return Array.isArray(v) ? v : [v];
}

function cap(dnf: Atom[][]): Atom[][] {
  if (dnf.length > MAX_DISJUNCTS)
    throw new QueryTooComplexError(
      `Query has more than ${MAX_DISJUNCTS} disjunctions to check against rules.`,
    );
  return dnf;
}

/** `a.b.c`, with backquoted segments for names holding dots or other characters. */
export function parseFieldPath(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === '`') {
      let seg = '';
      i++;
      while (i < text.length && text[i] !== '`') {
        if (text[i] === '\\') i++;
        seg += text[i] ?? '';
        i++;
      }
      out.push(seg);
      i++;
    } else {
      const dot = text.indexOf('.', i);
      const end = dot < 0 ? text.length : dot;
      out.push(text.slice(i, end));
      i = end;
    }
    if (text[i] === '.') i++;
  }
  return out;
}

/** `request.query`: limit, offset and orderBy (field path → 'ASC' | 'DESC'). */
export function requestQueryValue(query: StructuredQuery | undefined): RMap {
  const limitRaw = query?.limit as unknown;
  const limit =
    typeof limitRaw === 'object' && limitRaw !== null
      ? (limitRaw as { value?: unknown }).value
      : limitRaw;
  const orderBy = new Map<string, RValue>();
  for (const o of query?.orderBy ?? []) {
    orderBy.set(o.field?.fieldPath ?? '', o.direction === 'DESCENDING' ? 'DESC' : 'ASC');
  }
  return RMap.of({
    limit: limit === undefined || limit === null ? null : BigInt(Number(limit)),
    offset: query?.offset === undefined ? null : BigInt(Number(query.offset)),
    orderBy: new RMap(orderBy),
  });
}
