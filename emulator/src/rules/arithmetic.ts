/** `+ - * / %` and unary minus over ints (64-bit, overflow is an error), floats, strings, lists, time. */
import { RulesEvalError } from './errors.js';
import { RDuration, RTimestamp, typeName, type RValue } from './values.js';

const INT_MIN = -(2n ** 63n);
const INT_MAX = 2n ** 63n - 1n;

export function checkedInt(v: bigint): bigint {
  if (v < INT_MIN || v > INT_MAX) throw new RulesEvalError('Integer overflow.');
  return v;
}

export function negate(v: RValue): RValue {
  if (typeof v === 'bigint') return checkedInt(-v);
  if (typeof v === 'number') return -v;
  if (v instanceof RDuration) return new RDuration(-v.nanosTotal);
  throw unsupported('-', v, null);
}

export function arithmetic(op: string, l: RValue, r: RValue): RValue {
  if (typeof l === 'bigint' && typeof r === 'bigint') return intOp(op, l, r);
  if (
    (typeof l === 'bigint' || typeof l === 'number') &&
    (typeof r === 'bigint' || typeof r === 'number')
  ) {
    return floatOp(op, Number(l), Number(r));
  }
  if (op === '+') {
    if (typeof l === 'string' && typeof r === 'string') return l + r;
    if (Array.isArray(l) && Array.isArray(r)) return [...l, ...r];
    if (l instanceof RTimestamp && r instanceof RDuration)
      return RTimestamp.fromNanos(l.totalNanos() + r.nanosTotal);
    if (l instanceof RDuration && r instanceof RTimestamp)
      return RTimestamp.fromNanos(r.totalNanos() + l.nanosTotal);
    if (l instanceof RDuration && r instanceof RDuration)
      return new RDuration(l.nanosTotal + r.nanosTotal);
  }
  if (op === '-') {
    if (l instanceof RTimestamp && r instanceof RDuration)
      return RTimestamp.fromNanos(l.totalNanos() - r.nanosTotal);
    if (l instanceof RTimestamp && r instanceof RTimestamp)
      return new RDuration(l.totalNanos() - r.totalNanos());
    if (l instanceof RDuration && r instanceof RDuration)
      return new RDuration(l.nanosTotal - r.nanosTotal);
  }
  throw unsupported(op, l, r);
}

function intOp(op: string, l: bigint, r: bigint): bigint {
  switch (op) {
    case '+':
      return checkedInt(l + r);
    case '-':
      return checkedInt(l - r);
    case '*':
      return checkedInt(l * r);
    case '/':
      if (r === 0n) throw new RulesEvalError('Division by zero.');
      return checkedInt(l / r);
    case '%':
      if (r === 0n) throw new RulesEvalError('Modulo by zero.');
      return l % r;
    default:
      throw unsupported(op, l, r);
  }
}

function floatOp(op: string, l: number, r: number): number {
  switch (op) {
    case '+':
      return l + r;
    case '-':
      return l - r;
    case '*':
      return l * r;
    case '/':
      return l / r;
    case '%':
      return l % r;
    default:
      throw unsupported(op, l, r);
  }
}

function unsupported(op: string, l: RValue, r: RValue | null): RulesEvalError {
  if (l === null || r === null) {
    if (r === null && op === '-' && l !== null)
      return new RulesEvalError(`Unsupported operation error. Received: -${typeName(l)}.`);
    return new RulesEvalError('Null value error.');
  }
  return new RulesEvalError(
    `Unsupported operation error. Received: ${typeName(l)} ${op} ${typeName(r)}.`,
  );
}
