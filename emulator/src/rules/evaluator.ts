/**
 * Evaluates rule expressions. Errors are RulesEvalError (they deny unless `&&`/`||` absorbs
 * them); RUnknown values (fields a query does not pin) flow through and are decided by the
 * query-constraint facts where possible.
 */
import type { Expr, FunctionDecl } from './ast.js';
import { RulesEvalError } from './errors.js';
import { callGlobal, callNamespace, isNamespace } from './builtins.js';
import { callMethod, getProperty, indexValue, rangeValue } from './methods.js';
import { arithmetic, negate } from './arithmetic.js';
import { symbolicCompare, symbolicIn } from './symbolic.js';
import {
  compareValues,
  hasUnknown,
  isOfType,
  isUnknown,
  RBytes,
  RMap,
  RPath,
  RSet,
  RUnknown,
  typeName,
  UNKNOWN,
  valuesEqual,
  type RValue,
} from './values.js';

/** What the service adds: Firestore's get()/exists(), Storage's firestore.get(), debug output. */
export interface RulesHost {
  globals?: Record<string, (args: RValue[]) => RValue>;
  namespaces?: Record<string, Record<string, (args: RValue[]) => RValue>>;
  debug?(line: string): void;
}

/** Lexical scope: variables (wildcards, params, lets) and functions of one block. */
export class Scope {
  readonly vars = new Map<string, RValue>();
  readonly functions = new Map<string, FunctionDecl>();
  constructor(readonly parent: Scope | null) {}

  lookupVar(name: string): RValue | undefined {
    const v = this.vars.get(name);
    if (v !== undefined) return v;
    return this.parent?.lookupVar(name);
  }

  lookupFunction(name: string): { fn: FunctionDecl; scope: Scope } | undefined {
    const fn = this.functions.get(name);
    if (fn) return { fn, scope: this };
    return this.parent?.lookupFunction(name);
  }
}

const MAX_CALL_DEPTH = 20;

export class Evaluator {
  private depth = 0;

  constructor(private readonly host: RulesHost) {}

  evaluate(expr: Expr, scope: Scope): RValue {
    switch (expr.kind) {
      case 'literal':
        return expr.value instanceof Uint8Array ? new RBytes(expr.value) : expr.value;
      case 'ident': {
        const v = scope.lookupVar(expr.name);
        if (v === undefined) {
          if (isNamespace(expr.name, this.host))
            throw new RulesEvalError(`Namespace ${expr.name} is not a value.`);
          throw new RulesEvalError(`Variable ${expr.name} is not defined.`);
        }
        return v;
      }
      case 'member':
        return getProperty(this.evaluate(expr.object, scope), expr.name);
      case 'index':
        return indexValue(this.evaluate(expr.object, scope), this.evaluate(expr.index, scope));
      case 'range':
        return rangeValue(
          this.evaluate(expr.object, scope),
          this.evaluate(expr.from, scope),
          this.evaluate(expr.to, scope),
        );
      case 'call':
        return this.call(expr, scope);
      case 'unary': {
        const v = this.evaluate(expr.operand, scope);
        if (isUnknown(v)) return UNKNOWN;
        if (expr.op === '!') {
          if (typeof v !== 'boolean')
            throw new RulesEvalError(`Unsupported operation error. Received: !${typeName(v)}.`);
          return !v;
        }
        return negate(v);
      }
      case 'binary':
        return this.binary(expr.op, expr.left, expr.right, scope);
      case 'is': {
        const v = this.evaluate(expr.operand, scope);
        if (isUnknown(v)) return symbolicIs(v, expr.typeName);
        return isOfType(v, expr.typeName);
      }
      case 'ternary': {
        const test = this.evaluate(expr.test, scope);
        if (isUnknown(test)) return UNKNOWN;
        if (typeof test !== 'boolean')
          throw new RulesEvalError('Condition of ?: is not a boolean.');
        return this.evaluate(test ? expr.then : expr.otherwise, scope);
      }
      case 'list':
        return expr.items.map((item) => this.evaluate(item, scope));
      case 'map': {
        const m = new Map<string, RValue>();
        for (const { key, value } of expr.entries) {
          const k = this.evaluate(key, scope);
          if (isUnknown(k)) return UNKNOWN;
          if (typeof k !== 'string') throw new RulesEvalError('Map keys must be strings.');
          m.set(k, this.evaluate(value, scope));
        }
        return new RMap(m);
      }
      case 'path': {
        const segments: string[] = [];
        for (const parts of expr.segments) {
          if (parts.length === 1 && typeof parts[0] !== 'string') {
            const v = this.evaluate(parts[0]!, scope);
            if (isUnknown(v)) return UNKNOWN;
            if (v instanceof RPath) {
              segments.push(...v.segments);
              continue;
            }
            segments.push(segmentText(v));
            continue;
          }
          let text = '';
          for (const part of parts) {
            if (typeof part === 'string') {
              text += part;
              continue;
            }
            const v = this.evaluate(part, scope);
            if (isUnknown(v)) return UNKNOWN;
            text += segmentText(v);
          }
          segments.push(text);
        }
        return new RPath(segments);
      }
    }
  }

  /** Evaluates an allow condition: true, false, 'unknown' (query not provably allowed), or error. */
  decide(expr: Expr, scope: Scope): { result: boolean | 'unknown'; error?: string } {
    try {
      const v = this.evaluate(expr, scope);
      if (isUnknown(v)) return { result: 'unknown' };
      if (typeof v !== 'boolean') return { result: false, error: 'Condition is not a boolean.' };
      return { result: v };
    } catch (e) {
      if (e instanceof RulesEvalError) return { result: false, error: e.message };
      throw e;
    }
  }

  private binary(op: string, leftExpr: Expr, rightExpr: Expr, scope: Scope): RValue {
    if (op === '&&' || op === '||') return this.logical(op, leftExpr, rightExpr, scope);
    const left = this.evaluate(leftExpr, scope);
    const right = this.evaluate(rightExpr, scope);
    switch (op) {
      case '==':
      case '!=':
      case '<':
      case '<=':
      case '>':
      case '>=':
        if (isUnknown(left) || isUnknown(right)) return symbolicCompare(op, left, right);
        // Containers holding unknowns: only a difference of type decides.
        if ((hasUnknown(left) || hasUnknown(right)) && typeName(left) === typeName(right))
          return UNKNOWN;
        return compare(op, left, right);
      case 'in':
        if (isUnknown(left) || isUnknown(right)) return symbolicIn(left, right);
        if (hasUnknown(left) || hasUnknown(right)) return containsPartly(right, left);
        return contains(right, left);
      default:
        if (isUnknown(left) || isUnknown(right)) return UNKNOWN;
        return arithmetic(op, left, right);
    }
  }

  /**
   * `&&`/`||` with the documented error semantics: an error (or unknown) on one side is
   * absorbed when the other side alone decides (`false && error` = false, `true || error` = true).
   */
  private logical(op: '&&' | '||', leftExpr: Expr, rightExpr: Expr, scope: Scope): RValue {
    const decisive = op === '||';
    let leftError: RulesEvalError | null = null;
    let left: RValue = null;
    try {
      left = this.evaluate(leftExpr, scope);
      if (!isUnknown(left) && typeof left !== 'boolean')
        throw new RulesEvalError(
          `Unsupported operation error. Received: ${typeName(left)} ${op} ...`,
        );
    } catch (e) {
      if (!(e instanceof RulesEvalError)) throw e;
      leftError = e;
    }
    if (left === decisive && !leftError) return decisive;
    let right: RValue;
    try {
      right = this.evaluate(rightExpr, scope);
      if (!isUnknown(right) && typeof right !== 'boolean')
        throw new RulesEvalError(
          `Unsupported operation error. Received: ... ${op} ${typeName(right)}`,
        );
    } catch (e) {
      if (!(e instanceof RulesEvalError)) throw e;
      if (leftError) throw leftError;
      if (isUnknown(left)) return UNKNOWN;
      throw e;
    }
    if (right === decisive) return decisive;
    if (leftError) throw leftError;
    if (isUnknown(left) || isUnknown(right)) return UNKNOWN;
    return !decisive;
  }

  private call(expr: Extract<Expr, { kind: 'call' }>, scope: Scope): RValue {
    const callee = expr.callee;
    if (callee.kind === 'ident') {
      const found = scope.lookupFunction(callee.name);
      const args = expr.args.map((a) => this.evaluate(a, scope));
      if (found) return this.callUser(found.fn, found.scope, args);
      return callGlobal(callee.name, args, this.host);
    }
    if (callee.kind === 'member') {
      const obj = callee.object;
      if (
        obj.kind === 'ident' &&
        scope.lookupVar(obj.name) === undefined &&
        isNamespace(obj.name, this.host)
      ) {
        const args = expr.args.map((a) => this.evaluate(a, scope));
        return callNamespace(obj.name, callee.name, args, this.host);
      }
      const target = this.evaluate(obj, scope);
      const args = expr.args.map((a) => this.evaluate(a, scope));
      return callMethod(target, callee.name, args);
    }
    throw new RulesEvalError('Expression is not callable.');
  }

  private callUser(fn: FunctionDecl, defScope: Scope, args: RValue[]): RValue {
    if (args.length !== fn.params.length) {
      throw new RulesEvalError(
        `Function ${fn.name} expects ${fn.params.length} arguments, got ${args.length}.`,
      );
    }
    if (this.depth >= MAX_CALL_DEPTH)
      throw new RulesEvalError(`Maximum function call depth (${MAX_CALL_DEPTH}) exceeded.`);
    const local = new Scope(defScope);
    fn.params.forEach((p, i) => local.vars.set(p, args[i]!));
    this.depth++;
    try {
      for (const l of fn.lets) local.vars.set(l.name, this.evaluate(l.value, local));
      return this.evaluate(fn.body, local);
    } finally {
      this.depth--;
    }
  }
}

function compare(op: string, left: RValue, right: RValue): boolean {
  if (op === '==') return valuesEqual(left, right);
  if (op === '!=') return !valuesEqual(left, right);
  const c = compareValues(left, right);
  if (Number.isNaN(c)) return false;
  switch (op) {
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    default:
      return c >= 0;
  }
}

/** `needle in haystack`: list element, map key, set element. */
export function contains(haystack: RValue, needle: RValue): boolean {
  if (Array.isArray(haystack)) return haystack.some((x) => valuesEqual(x, needle));
  if (haystack instanceof RSet) return haystack.items.some((x) => valuesEqual(x, needle));
  if (haystack instanceof RMap) {
    if (typeof needle !== 'string') return false;
    return haystack.entries.has(needle);
  }
  if (haystack === null) throw new RulesEvalError('Null value error.');
  throw new RulesEvalError(
    `Unsupported operation error. Received: ${typeName(needle)} in ${typeName(haystack)}.`,
  );
}

/** `needle in haystack` when unknowns are inside: true only if a fully known element matches. */
function containsPartly(haystack: RValue, needle: RValue): RValue {
  if (hasUnknown(needle)) return UNKNOWN;
  if (haystack instanceof RMap) return contains(haystack, needle);
  const items = Array.isArray(haystack)
    ? haystack
    : haystack instanceof RSet
      ? haystack.items
      : null;
  if (items?.some((x) => !hasUnknown(x) && valuesEqual(x, needle))) return true;
  return UNKNOWN;
}

function symbolicIs(v: RUnknown, type: string): RValue {
  const typed = v.facts.find((f) => ['<', '<=', '>', '>='].includes(f.op));
  if (typed && typed.value !== null && !isUnknown(typed.value)) {
    if (type === 'number' && (typeof typed.value === 'bigint' || typeof typed.value === 'number'))
      return true;
    if (isOfType(typed.value, type)) return true;
  }
  return UNKNOWN;
}

function segmentText(v: RValue): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'bigint' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v === null) throw new RulesEvalError('Null value error.');
  throw new RulesEvalError(`Cannot use a ${typeName(v)} as a path segment.`);
}
