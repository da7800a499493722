/** Evaluates a single rules expression for language tests. */
import { RulesEvalError } from '../../src/rules/errors.js';
import { Evaluator, Scope, type RulesHost } from '../../src/rules/evaluator.js';
import { parseExpression } from '../../src/rules/parser.js';
import { RMap, RTimestamp, type RValue } from '../../src/rules/values.js';

/** 2024-02-29T13:45:30.123456789Z, a Thursday. */
export const FIXED_TIME = new RTimestamp(Date.UTC(2024, 1, 29, 13, 45, 30) / 1000, 123456789);

export function evaluate(
  source: string,
  vars: Record<string, RValue> = {},
  host: RulesHost = {},
): RValue {
  const scope = new Scope(null);
  scope.vars.set('request', RMap.of({ time: FIXED_TIME, auth: null }));
  for (const [k, v] of Object.entries(vars)) scope.vars.set(k, v);
  return new Evaluator(host).evaluate(parseExpression(source), scope);
}

/** The message of the evaluation error `source` raises, or null if it evaluates. */
export function evalError(source: string, vars: Record<string, RValue> = {}): string | null {
  try {
    evaluate(source, vars);
    return null;
  } catch (e) {
    if (e instanceof RulesEvalError) return e.message;
    throw e;
  }
}
