/** Flags of `npm run simulate`. */
import { parseArgs } from 'node:util';

export const SIMULATE_USAGE = `Usage: npm run simulate -- [--count N] [--rate R]
  --count N   how many incident reports to create (default 10, at most 10000)
  --rate R    reports per second (default 1; decimals allowed, e.g. 0.2 = one every 5 s)`;

function positiveNumber(name, raw, { integer, max }) {
  const value = Number(raw);
  if (
    !Number.isFinite(value) ||
    value <= 0 ||
    (integer && !Number.isInteger(value)) ||
    value > max
  ) {
    throw new Error(
      `--${name} must be a positive ${integer ? 'whole number' : 'number'} up to ${max}, got "${raw}".\n\n${SIMULATE_USAGE}`,
    );
  }
  return value;
}

export function parseSimulateArgs(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        count: { type: 'string', default: '10' },
        rate: { type: 'string', default: '1' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new Error(`${error.message}\n\n${SIMULATE_USAGE}`);
  }
  return {
    help: values.help,
    count: positiveNumber('count', values.count, { integer: true, max: 10_000 }),
    rate: positiveNumber('rate', values.rate, { integer: false, max: 100 }),
  };
}
