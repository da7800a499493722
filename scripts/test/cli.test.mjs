import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStartArgs } from '../lib/cli.mjs';
import { parseSimulateArgs } from '../lib/simulate-args.mjs';

test('npm start flags', () => {
  assert.deepEqual(parseStartArgs([]), {
    fresh: false,
    persist: true,
    verbose: false,
    exitWhenReady: false,
    timingsFile: null,
    firestore: null,
    help: false,
  });
  assert.equal(parseStartArgs(['--firestore', 'official']).firestore, 'official');
  assert.throws(() => parseStartArgs(['--firestore', 'google']), /--firestore must be one of/);
  const parsed = parseStartArgs(['--fresh', '--no-persist', '--timings', 't.json']);
  assert.equal(parsed.fresh, true);
  assert.equal(parsed.persist, false);
  assert.equal(parsed.timingsFile, 't.json');
});

test('an unknown npm start flag is an error that shows the usage', () => {
  assert.throws(() => parseStartArgs(['--frsh']), /Unknown option '--frsh'[\s\S]*Usage: npm start/);
});

test('simulate flags: defaults, values, and clear errors for bad numbers', () => {
  assert.deepEqual(parseSimulateArgs([]), { help: false, count: 10, rate: 1 });
  assert.deepEqual(parseSimulateArgs(['--count', '3', '--rate', '0.5']), {
    help: false,
    count: 3,
    rate: 0.5,
  });
  assert.throws(
    () => parseSimulateArgs(['--count', '2.5']),
    /--count must be a positive whole number/,
  );
  assert.throws(() => parseSimulateArgs(['--count', '0']), /--count must be a positive/);
  assert.throws(
    () => parseSimulateArgs(['--rate', 'fast']),
    /--rate must be a positive number.*"fast"/,
  );
  assert.throws(() => parseSimulateArgs(['--count']), /argument missing|Usage/);
});
