import type { Filter, Value } from '../sdk-api.js';
import { invalid } from './errors.js';

/**
 * Firestore's limits on a filter's disjunctive normal form (DNF), checked on a filter that
 * compileFilter has already validated: at most 30 disjunctions after normalisation, and at most
 * one array-contains per disjunction. `IN` and `ARRAY_CONTAINS_ANY` count as one disjunction per
 * value. As the official emulator does, identical operands of a composite filter count once, and
 * identical disjunctions (the same set of filters) count once.
 */
const MAX_DISJUNCTIONS = 30;
/** Beyond this many intermediate terms the count is reported without removing duplicates. */
const MAX_TERMS_TRACKED = 1000;

interface Atom {
  key: string;
  arrayContains: boolean;
}
/** One disjunction: a conjunction of atoms, keyed (sorted, deduplicated) for comparisons. */
type Term = Map<string, Atom>;

class TooManyTerms extends Error {
  constructor(readonly count: number) {
    super('too many terms');
  }
}

export function checkDisjunctions(where: Filter, what: string): void {
  let terms: Term[];
  try {
    terms = dnf(where);
  } catch (e) {
    if (e instanceof TooManyTerms) throw tooMany(what, e.count);
    throw e;
  }
  if (terms.length > MAX_DISJUNCTIONS) throw tooMany(what, terms.length);
  for (const term of terms) {
    let arrayContains = 0;
    for (const atom of term.values()) if (atom.arrayContains) arrayContains++;
    if (arrayContains > 1)
      throw invalid(`${what}: A maximum of 1 'ARRAY_CONTAINS' filter is allowed per disjunction.`);
  }
}

function tooMany(what: string, count: number) {
  return invalid(
    `${what}: Too many disjunctions after normalization. Result had ${count} disjunctions which is more than the maximum of ${MAX_DISJUNCTIONS}`,
  );
}

function dnf(f: Filter): Term[] {
  if (f.compositeFilter) {
    const { op, filters = [] } = f.compositeFilter;
    const parts = uniqueTermLists(filters.map(dnf));
    if (op === 'OR') return uniqueTerms(parts.flat());
    let product: Term[] = [new Map()];
    for (const part of parts) {
      const size = product.length * part.length;
      if (size > MAX_TERMS_TRACKED) throw new TooManyTerms(parts.reduce((n, p) => n * p.length, 1));
      product = uniqueTerms(product.flatMap((t) => part.map((u) => new Map([...t, ...u]))));
    }
    return product;
  }
  if (f.unaryFilter) return [atomTerm(JSON.stringify(f.unaryFilter), false)];
  const { field, op = '', value } = f.fieldFilter ?? {};
  const values = value?.arrayValue?.values ?? [];
  const single = (atomOp: string, v: Value | undefined) =>
    atomTerm(JSON.stringify([field?.fieldPath, atomOp, v]), atomOp === 'ARRAY_CONTAINS');
  if (op === 'IN') return uniqueTerms(values.map((v) => single('EQUAL', v)));
  if (op === 'ARRAY_CONTAINS_ANY')
    return uniqueTerms(values.map((v) => single('ARRAY_CONTAINS', v)));
  return [single(op, value)];
}

function atomTerm(key: string, arrayContains: boolean): Term {
  return new Map([[key, { key, arrayContains }]]);
}

function termKey(t: Term): string {
  return JSON.stringify([...t.keys()].sort());
}

function uniqueTerms(terms: Term[]): Term[] {
  const seen = new Map<string, Term>();
  for (const t of terms) seen.set(termKey(t), t);
  return [...seen.values()];
}

/** Identical operands of a composite filter (the same DNF) count once. */
function uniqueTermLists(lists: Term[][]): Term[][] {
  const seen = new Map<string, Term[]>();
  for (const l of lists) seen.set(JSON.stringify(l.map(termKey).sort()), l);
  return [...seen.values()];
}
