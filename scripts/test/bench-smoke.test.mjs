import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MEASURES, unmeasured, unreachedWorkspaceBenches } from '../lib/bench-smoke.mjs';

test('a root bench without a smoke check is named', () => {
  assert.deepEqual(unmeasured({ 'bench:rules': 'x', 'bench:new': 'y', test: 'z' }), ['bench:new']);
});

test('a workspace bench is reached through a root command or the script file it runs', () => {
  const root = {
    'bench:functions': 'npm run bench -w functions',
    'bench:engines': 'node scripts/bench-engines.mjs',
  };
  const workspaces = {
    functions: { bench: 'a', 'bench:images': 'b' },
    emulator: { 'bench:engines': 'c', test: 'd' },
  };
  const files = { 'scripts/bench-engines.mjs': "run(['run', 'bench:engines', '-w', 'emulator'])" };
  assert.deepEqual(
    unreachedWorkspaceBenches(root, workspaces, (file) => files[file] ?? ''),
    ['functions: bench:images'],
  );
});

test('a figure pattern needs the number, not only the label', () => {
  const [status] = MEASURES['bench:functions'];
  assert.ok(status.test('status write → notification doc: n=3 p50=485 ms p95=588 ms'));
  assert.ok(!status.test('status write → notification doc: failed (exit 1)'));
  const [engines] = MEASURES['bench:engines'].slice(1);
  assert.ok(
    engines.test(
      'status write → reporter notification, whole emulator suite:\n  official: n=3 p50=400 ms\n',
    ),
  );
  assert.ok(
    !engines.test(
      'status write → reporter notification, whole emulator suite:\n  official: failed (exit 1)\n',
    ),
  );
});
