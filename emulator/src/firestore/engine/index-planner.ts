/**
 * Whether production Firestore could serve a query with the given indexes, following its
 * documented index-selection rules (see README "Index enforcement"). Pure: a query in, "served"
 * or the missing index out; the engine turns the latter into FAILED_PRECONDITION.
 *
 * The query is reduced to what an index must provide, per disjunction of its filter in
 * disjunctive normal form:
 *   - equality terms: `==`, `in`, `is null`, `is NaN` (an ordered index field, either direction)
 *     and `array-contains`, `array-contains-any` (a CONTAINS field);
 *   - the ordering: explicit orderBy, then the inequality fields not ordered explicitly (by field
 *     path, in the direction of the last explicit order), minus fields fixed by `==`;
 *   - the direction of `__name__` (explicit, else that of the last order).
 * A disjunction is served by the built-in index when it has neither; else by indexes (composite,
 * or automatic single-field ones) that each hold some of the equality fields first and then
 * exactly the ordering, which together hold every equality field (index merging).
 */
import type { StructuredQuery } from '../protocol/messages.js';
import type { JsonObject } from '../service.js';
import { invalid, isObject } from './errors.js';
import type {
  CompositeIndex,
  Direction,
  IndexConfig,
  IndexMode,
  QueryScope,
} from './index-config.js';
import { formatFieldPath, parseFieldPath } from './paths.js';

export interface QueryTarget {
  collectionId: string;
  allDescendants: boolean;
  /** A StructuredQuery (proto3 JSON) already validated by compileQuery. */
  structuredQuery: StructuredQuery;
}

export type IndexPlan =
  | { served: true }
  | {
      served: false;
      /** Where the entry goes in firestore.indexes.json. */
      section: 'indexes' | 'fieldOverrides';
      /** The entry to add, ready to paste. */
      entry: JsonObject;
    };

interface Term {
  field: string;
  /** 'eq': an ordered index field serves it; 'contains': a CONTAINS field. */
  kind: 'eq' | 'contains';
}

interface Conjunction {
  terms: Term[];
  inequalities: string[];
}

interface Requirement {
  terms: Term[];
  orders: { field: string; direction: Direction }[];
  nameDirection: Direction;
}

/** A bound on the normalised filter, so a hostile query cannot make planning expensive. */
const MAX_DISJUNCTIONS = 1000;
const NAME = '__name__';

const EQUALITY_OPS = new Set(['EQUAL', 'IN', 'IS_NULL', 'IS_NAN']);
const CONTAINS_OPS = new Set(['ARRAY_CONTAINS', 'ARRAY_CONTAINS_ANY']);

const canonical = (fieldPath: unknown): string =>
  formatFieldPath(parseFieldPath(fieldPath, 'index planning'));

function fieldOf(body: Record<string, unknown>): string {
  const ref = body.field;
  return canonical(isObject(ref) ? ref.fieldPath : undefined);
}

/** The filter in disjunctive normal form: each conjunction's equality terms and inequality fields. */
function normalise(filter: unknown): Conjunction[] {
  if (!isObject(filter)) return [{ terms: [], inequalities: [] }];
  const composite = filter.compositeFilter;
  if (isObject(composite)) {
    const parts = (Array.isArray(composite.filters) ? composite.filters : []).map(normalise);
    if (composite.op === 'OR') {
      const all = parts.flat();
      if (all.length > MAX_DISJUNCTIONS) throw invalid('The query has too many disjunctions.');
      return all;
    }
    let product: Conjunction[] = [{ terms: [], inequalities: [] }];
    for (const part of parts) {
      if (product.length * part.length > MAX_DISJUNCTIONS)
        throw invalid('The query has too many disjunctions.');
      product = product.flatMap((a) =>
        part.map((b) => ({
          terms: [...a.terms, ...b.terms],
          inequalities: [...a.inequalities, ...b.inequalities],
        })),
      );
    }
    return product;
  }
  const body = isObject(filter.fieldFilter)
    ? filter.fieldFilter
    : isObject(filter.unaryFilter)
      ? filter.unaryFilter
      : null;
  if (!body) return [{ terms: [], inequalities: [] }];
  const field = fieldOf(body);
  const op = String(body.op);
  // Filters on the document name are answered by the name order every index ends with.
  if (field === NAME) return [{ terms: [], inequalities: [] }];
  if (EQUALITY_OPS.has(op)) return [{ terms: [{ field, kind: 'eq' }], inequalities: [] }];
  if (CONTAINS_OPS.has(op)) return [{ terms: [{ field, kind: 'contains' }], inequalities: [] }];
  return [{ terms: [], inequalities: [field] }];
}

const byPath = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function requirementOf(sq: StructuredQuery, conjunction: Conjunction): Requirement {
  const explicit: { field: string; direction: Direction }[] = [];
  let explicitName: Direction | null = null;
  for (const o of Array.isArray(sq.orderBy) ? sq.orderBy : []) {
    if (!isObject(o)) continue;
    const field = fieldOf(o);
    const direction: Direction =
      o.direction === 'DESCENDING' || o.direction === 2 ? 'DESCENDING' : 'ASCENDING';
    if (field === NAME) explicitName = direction;
    else explicit.push({ field, direction });
  }
  const ordered = new Set(explicit.map((o) => o.field));
  const implicitDirection = explicit.at(-1)?.direction ?? 'ASCENDING';
  const implicit = [...new Set(conjunction.inequalities)]
    .filter((f) => !ordered.has(f))
    .sort(byPath)
    .map((field) => ({ field, direction: implicitDirection }));
  const all = [...explicit, ...implicit];
  const fixed = new Set(conjunction.terms.filter((t) => t.kind === 'eq').map((t) => t.field));
  const orders = all.filter((o) => !fixed.has(o.field));
  const terms = dedupe(conjunction.terms);
  return {
    terms,
    orders,
    nameDirection: explicitName ?? all.at(-1)?.direction ?? 'ASCENDING',
  };
}

function dedupe(terms: Term[]): Term[] {
  const seen = new Set<string>();
  return terms.filter((t) => {
    const key = `${t.kind} ${t.field}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const servesTerm = (mode: IndexMode, term: Term): boolean =>
  term.kind === 'contains' ? mode === 'CONTAINS' : mode !== 'CONTAINS';

/** Automatic single-field index modes of one field, after exemptions (fieldOverrides). */
export function singleFieldModes(
  config: IndexConfig,
  collectionGroup: string,
  field: string,
  scope: QueryScope,
): Set<IndexMode> {
  const ownGroup = config.overrides.filter((o) => o.collectionGroup === collectionGroup);
  // The nearest override: the field itself, then its enclosing map fields, then `*`.
  const segments = parseFieldPath(field, 'index planning');
  for (let n = segments.length; n >= 0; n--) {
    const path = n === 0 ? '*' : formatFieldPath(segments.slice(0, n));
    const override = ownGroup.find((o) => o.fieldPath === path);
    if (override)
      return new Set(override.indexes.filter((i) => i.queryScope === scope).map((i) => i.mode));
  }
  // By default Firestore keeps ascending, descending and array-contains indexes per field, in
  // collection scope only.
  return new Set(scope === 'COLLECTION' ? ['ASCENDING', 'DESCENDING', 'CONTAINS'] : []);
}

/** The equality terms an index serves when its fields are those terms followed by exactly `orders`. */
function prefixServed(index: CompositeIndex, need: Requirement): Term[] | null {
  const k = index.fields.length - need.orders.length;
  if (k < 0) return null;
  for (let i = 0; i < need.orders.length; i++) {
    const f = index.fields[k + i]!;
    const o = need.orders[i]!;
    if (f.fieldPath !== o.field || f.mode !== o.direction) return null;
  }
  if (need.orders.length > 0 && index.nameDirection !== need.nameDirection) return null;
  const served: Term[] = [];
  for (const f of index.fields.slice(0, k)) {
    const term = need.terms.find((t) => t.field === f.fieldPath && servesTerm(f.mode, t));
    if (!term) return null;
    served.push(term);
  }
  return served;
}

function isServed(
  config: IndexConfig,
  composites: CompositeIndex[],
  collectionGroup: string,
  scope: QueryScope,
  need: Requirement,
): boolean {
  if (need.terms.length === 0 && need.orders.length === 0) return true;
  const modes = (field: string) => singleFieldModes(config, collectionGroup, field, scope);
  // One ordered field and nothing else: a single-field index, scanned either way.
  if (need.terms.length === 0 && need.orders.length === 1) {
    const m = modes(need.orders[0]!.field);
    if (m.has('ASCENDING') || m.has('DESCENDING')) return true;
  }
  const covered = new Set<Term>();
  if (need.orders.length === 0) {
    for (const t of need.terms)
      if ([...modes(t.field)].some((m) => servesTerm(m, t))) covered.add(t);
  }
  for (const index of composites) {
    const served = prefixServed(index, need);
    if (served === null) continue;
    if (need.terms.length === 0) return true;
    for (const t of served) covered.add(t);
  }
  return need.terms.length > 0 && covered.size === need.terms.length;
}

/** The index to add for an unserved requirement, as a firestore.indexes.json entry. */
function suggestion(
  config: IndexConfig,
  collectionGroup: string,
  scope: QueryScope,
  need: Requirement,
): { section: 'indexes' | 'fieldOverrides'; entry: JsonObject } {
  const fields = [
    ...need.terms.map((t) =>
      t.kind === 'contains'
        ? { fieldPath: t.field, arrayConfig: 'CONTAINS' }
        : { fieldPath: t.field, order: 'ASCENDING' },
    ),
    ...need.orders.map((o) => ({ fieldPath: o.field, order: o.direction })),
  ];
  if (fields.length === 1) {
    // One field: no composite index exists for that; a single-field exemption enables it.
    const field = fields[0]!.fieldPath;
    const kept = [...singleFieldModes(config, collectionGroup, field, 'COLLECTION')].map(
      (mode) => ({
        mode,
        queryScope: 'COLLECTION',
      }),
    );
    const other = [...singleFieldModes(config, collectionGroup, field, 'COLLECTION_GROUP')].map(
      (mode) => ({ mode, queryScope: 'COLLECTION_GROUP' }),
    );
    const neededMode = 'arrayConfig' in fields[0]! ? 'CONTAINS' : 'ASCENDING';
    const wanted = [...kept, ...other];
    if (!wanted.some((w) => w.mode === neededMode && w.queryScope === scope))
      wanted.push({ mode: neededMode, queryScope: scope });
    return {
      section: 'fieldOverrides',
      entry: {
        collectionGroup,
        fieldPath: field,
        indexes: wanted.map((w) =>
          w.mode === 'CONTAINS'
            ? { arrayConfig: 'CONTAINS', queryScope: w.queryScope }
            : { order: w.mode, queryScope: w.queryScope },
        ),
      },
    };
  }
  const lastDirection = need.orders.at(-1)?.direction ?? 'ASCENDING';
  if (need.orders.length > 0 && need.nameDirection !== lastDirection)
    fields.push({ fieldPath: NAME, order: need.nameDirection });
  return { section: 'indexes', entry: { collectionGroup, queryScope: scope, fields } };
}

/** Plans a query against the loaded indexes. */
export function planQuery(config: IndexConfig, target: QueryTarget): IndexPlan {
  // A kindless query (recursive delete) reads the built-in name index.
  if (target.collectionId === '') return { served: true };
  const scope: QueryScope = target.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION';
  const composites = config.composites.filter(
    (c) => c.collectionGroup === target.collectionId && c.queryScope === scope,
  );
  const sq = target.structuredQuery;
  for (const conjunction of normalise(sq.where)) {
    const need = requirementOf(sq, conjunction);
    if (!isServed(config, composites, target.collectionId, scope, need))
      return { served: false, ...suggestion(config, target.collectionId, scope, need) };
  }
  return { served: true };
}

/** The FAILED_PRECONDITION message for an unserved query: the entry to paste, and where. */
export function missingIndexMessage(
  plan: Extract<IndexPlan, { served: false }>,
  file: string,
): string {
  return (
    `The query requires an index. Add this entry to the "${plan.section}" array of ${file}:\n` +
    JSON.stringify(plan.entry, null, 2)
  );
}
