/** timestamp and duration: namespace functions and methods. */
import { checkedInt } from './arithmetic.js';
import { RulesEvalError } from './errors.js';
import { RDuration, RTimestamp, type RValue } from './values.js';

const NANOS_PER_SECOND = 1_000_000_000n;
const UNIT_NANOS: Record<string, bigint> = {
  w: 7n * 24n * 3600n * NANOS_PER_SECOND,
  d: 24n * 3600n * NANOS_PER_SECOND,
  h: 3600n * NANOS_PER_SECOND,
  m: 60n * NANOS_PER_SECOND,
  s: NANOS_PER_SECOND,
  ms: 1_000_000n,
  ns: 1n,
};

function int(v: RValue | undefined, what: string): bigint {
  if (typeof v !== 'bigint') throw new RulesEvalError(`${what} must be an int.`);
  return v;
}

export function durationParts(d: RDuration): { seconds: bigint; nanos: bigint } {
  const seconds = d.nanosTotal / NANOS_PER_SECOND;
  return { seconds, nanos: d.nanosTotal - seconds * NANOS_PER_SECOND };
}

export const durationNamespace: Record<string, (args: RValue[]) => RValue> = {
  value: ([magnitude, unit]) => {
    const u = typeof unit === 'string' ? UNIT_NANOS[unit] : undefined;
    if (u === undefined)
      throw new RulesEvalError(
        `Invalid duration unit; expected one of ${Object.keys(UNIT_NANOS).join(', ')}.`,
      );
    return new RDuration(checkedInt(int(magnitude, 'Duration magnitude') * u));
  },
  time: ([h, m, s, ns]) =>
    new RDuration(
      int(h, 'Hours') * UNIT_NANOS.h! +
        int(m, 'Minutes') * UNIT_NANOS.m! +
        int(s, 'Seconds') * NANOS_PER_SECOND +
        int(ns, 'Nanos'),
    ),
  abs: ([d]) => {
    if (!(d instanceof RDuration)) throw new RulesEvalError('Argument must be a duration.');
    return new RDuration(d.nanosTotal < 0n ? -d.nanosTotal : d.nanosTotal);
  },
};

export const timestampNamespace: Record<string, (args: RValue[]) => RValue> = {
  date: ([y, m, d]) => {
    const ms = Date.UTC(Number(int(y, 'Year')), Number(int(m, 'Month')) - 1, Number(int(d, 'Day')));
    if (Number.isNaN(ms)) throw new RulesEvalError('Invalid date.');
    return new RTimestamp(ms / 1000, 0);
  },
  value: ([millis]) => RTimestamp.fromNanos(int(millis, 'Epoch millis') * 1_000_000n),
};

interface CivilTime {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Wall-clock fields of `ts` in UTC or in the time zone `tz` (IANA name or ±HH:MM). */
function civil(ts: RTimestamp, tz: string | undefined): CivilTime {
  const ms = ts.seconds * 1000;
  if (tz === undefined || tz === 'UTC') return utcFields(ms);
  const offset = /^([+-])(\d{2}):(\d{2})$/.exec(tz);
  if (offset) {
    const minutes = (Number(offset[2]) * 60 + Number(offset[3])) * (offset[1] === '-' ? -1 : 1);
    return utcFields(ms + minutes * 60_000);
  }
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(new Date(ms));
  } catch {
    throw new RulesEvalError(`Unknown time zone '${tz}'.`);
  }
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hours: get('hour'),
    minutes: get('minute'),
    seconds: get('second'),
  };
}

function utcFields(ms: number): CivilTime {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hours: d.getUTCHours(),
    minutes: d.getUTCMinutes(),
    seconds: d.getUTCSeconds(),
  };
}

export function timestampMethod(ts: RTimestamp, name: string, args: RValue[]): RValue {
  if (name === 'toMillis') {
    if (args.length) throw new RulesEvalError('Function toMillis expects 0 arguments.');
    const total = ts.totalNanos();
    const millis = total / 1_000_000n;
    return total < 0n && millis * 1_000_000n !== total ? millis - 1n : millis;
  }
  if (name === 'nanos') return BigInt(ts.nanos);
  if (args.length > 1 || (args.length === 1 && typeof args[0] !== 'string')) {
    throw new RulesEvalError(`Function ${name} takes an optional time zone string.`);
  }
  const c = civil(ts, args[0] as string | undefined);
  const dayStart = Date.UTC(c.year, c.month - 1, c.day);
  switch (name) {
    case 'year':
      return BigInt(c.year);
    case 'month':
      return BigInt(c.month);
    case 'day':
      return BigInt(c.day);
    case 'hours':
      return BigInt(c.hours);
    case 'minutes':
      return BigInt(c.minutes);
    case 'seconds':
      return BigInt(c.seconds);
    case 'dayOfWeek':
      // 1 = Monday ... 7 = Sunday
      return BigInt(((new Date(dayStart).getUTCDay() + 6) % 7) + 1);
    case 'dayOfYear':
      return BigInt(Math.round((dayStart - Date.UTC(c.year, 0, 1)) / 86_400_000) + 1);
    case 'date':
      return new RTimestamp(ts.seconds - (c.hours * 3600 + c.minutes * 60 + c.seconds), 0);
    case 'time':
      return new RDuration(
        BigInt(c.hours * 3600 + c.minutes * 60 + c.seconds) * NANOS_PER_SECOND + BigInt(ts.nanos),
      );
    default:
      throw new RulesEvalError(`Function not found error: Name: [${name}].`);
  }
}
