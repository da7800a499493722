/**
 * Comparisons involving unknown query fields ("rules are not filters"): a comparison is
 * decided only when the query's own filters prove it for every document the query can return.
 */
import { RulesEvalError } from './errors.js';
import {
  compareValues,
  fieldKey,
  isNumber,
  isUnknown,
  RUnknown,
  UNKNOWN,
  valuesEqual,
  type FieldFilter,
  type RValue,
} from './values.js';

const FLIP: Record<string, string> = {
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
  '==': '==',
  '!=': '!=',
};

export function symbolicCompare(op: string, left: RValue, right: RValue): RValue {
  if (isUnknown(left) && isUnknown(right)) return UNKNOWN;
  const [u, c, o] = isUnknown(left) ? [left, right, op] : [right as RUnknown, left, FLIP[op]!];
  const facts = u.facts;
  switch (o) {
    case '==':
      return facts.some((f) => excludes(f, c)) ? false : UNKNOWN;
    case '!=':
      return facts.some((f) => excludes(f, c)) ? true : UNKNOWN;
    default:
      if (facts.some((f) => implies(f, o, c))) return true;
      if (facts.some((f) => implies(f, NEGATION[o]!, c))) return false;
      return UNKNOWN;
  }
}

const NEGATION: Record<string, string> = { '<': '>=', '<=': '>', '>': '<=', '>=': '<' };

/** Order of two values, or null when they are not of one comparable type. */
function order(a: RValue, b: RValue): number | null {
  if (isNumber(a) !== isNumber(b)) return null;
  try {
    const c = compareValues(a, b);
    return Number.isNaN(c) ? null : c;
  } catch (e) {
    if (e instanceof RulesEvalError) return null;
    throw e;
  }
}

/** Does filter `u <f.op> f.value` prove `u <op> c` (op one of < <= > >=)? */
function implies(f: FieldFilter, op: string, c: RValue): boolean {
  const d = order(f.value, c);
  if (d === null) return false;
  switch (op) {
    case '<':
      return (f.op === '<' && d <= 0) || (f.op === '<=' && d < 0);
    case '<=':
      return (f.op === '<' || f.op === '<=') && d <= 0;
    case '>':
      return (f.op === '>' && d >= 0) || (f.op === '>=' && d > 0);
    case '>=':
      return (f.op === '>' || f.op === '>=') && d >= 0;
    default:
      return false;
  }
}

/** Does filter f prove that the field is never equal to c? */
function excludes(f: FieldFilter, c: RValue): boolean {
  switch (f.op) {
    case '!=':
      return valuesEqual(f.value, c);
    case 'not-in':
      return Array.isArray(f.value) && f.value.some((x) => valuesEqual(x, c));
    case 'array-contains':
      // The field is a list holding f.value.
      return !Array.isArray(c) || !c.some((x) => valuesEqual(x, f.value));
    case '<':
    case '<=':
    case '>':
    case '>=': {
      // Range filters only return values of the bound's type.
      const d = order(c, f.value);
      if (d === null) return true;
      return f.op === '<' ? d >= 0 : f.op === '<=' ? d > 0 : f.op === '>' ? d <= 0 : d < 0;
    }
    default:
      return false;
  }
}

/** `left in right` where one side is unknown. */
export function symbolicIn(left: RValue, right: RValue): RValue {
  if (isUnknown(right) && !isUnknown(left)) {
    if (right.facts.some((f) => f.op === 'array-contains' && valuesEqual(f.value, left)))
      return true;
    // `'field' in resource.data`: every query filter implies the field exists.
    if (typeof left === 'string' && right.table) {
      const key = fieldKey([...right.path, left]);
      if (right.table.pinned.has(key) || right.table.filters.has(key)) return true;
    }
    return UNKNOWN;
  }
  if (isUnknown(left) && Array.isArray(right)) {
    const facts = left.facts;
    if (right.every((c) => facts.some((f) => excludes(f, c)))) return false;
  }
  return UNKNOWN;
}
