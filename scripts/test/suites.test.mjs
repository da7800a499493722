import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  availableEngines,
  discoverSuites,
  failureExcerpt,
  lanes,
  perEngine,
  summaryLine,
} from '../lib/suites.mjs';

function repo(files) {
  const dir = mkdtempSync(join(tmpdir(), 'suites-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}

test('suites come from workspace and root scripts; workspaces without tests are skipped, not passed', () => {
  const dir = repo({
    'package.json': {
      workspaces: ['model', 'emulator', 'functions'],
      scripts: {
        test: 'node scripts/test-all.mjs',
        'test:rules': 'x',
        lint: 'eslint .',
        typecheck: 'tsc',
      },
    },
    'model/package.json': { scripts: {} },
    'emulator/package.json': {
      scripts: { test: 'mocha', 'test:conformance': 'a', 'test:browser': 'b' },
    },
    'functions/package.json': { scripts: { test: 'mocha', 'test:integration': 'c', bench: 'd' } },
  });
  const { suites, skipped } = discoverSuites(dir);
  assert.deepEqual(
    suites.map((s) => s.name),
    [
      'emulator: test',
      'functions: test',
      'emulator: test:browser',
      'emulator: test:conformance',
      'functions: test:integration',
      'root: test:rules',
      'typecheck',
      'lint',
    ],
  );
  assert.deepEqual(suites[3].args, ['run', 'test:conformance', '-w', 'emulator']);
  assert.ok(skipped.some((s) => s.startsWith('model:')));
  assert.ok(skipped.some((s) => s.startsWith('e2e:')));
});

test('the e2e suite runs once e2e/run.mjs exists', () => {
  const dir = repo({ 'package.json': { workspaces: [] }, 'e2e/run.mjs': '' });
  const { suites } = discoverSuites(dir);
  assert.deepEqual(suites, [
    { name: 'e2e: browser end-to-end', command: 'node', args: ['e2e/run.mjs'] },
  ]);
});

test('summary line counts suites', () => {
  assert.equal(summaryLine([{ ok: true }, { ok: false }, { ok: true }]), '2 passed, 1 failed');
  assert.equal(summaryLine([]), '0 passed, 0 failed');
});

test('npm test runs the product once on the default engine and the emulator suites on ours', () => {
  const suites = [
    { name: 'web: test', command: 'npm', args: ['test', '-w', 'web'] },
    { name: 'emulator: test:triggers', command: 'npm', args: ['run', 'test:triggers'] },
    { name: 'root: test:rules', command: 'npm', args: ['run', 'test:rules'] },
  ];
  const runs = (expanded) => expanded.suites.map((s) => [s.name, s.env?.FIRESTORE_ENGINE]);
  const installed = availableEngines('auto', true);
  assert.deepEqual(runs(perEngine(suites, installed.engines)), [
    ['web: test', undefined],
    ['emulator: test:triggers [own]', 'own'],
    ['root: test:rules [official]', 'official'],
  ]);
  assert.deepEqual(runs(perEngine(suites, installed.engines, { allEngines: true })), [
    ['web: test', undefined],
    ['emulator: test:triggers [official]', 'official'],
    ['emulator: test:triggers [own]', 'own'],
    ['root: test:rules [official]', 'official'],
    ['root: test:rules [own]', 'own'],
  ]);
  // FIRESTORE_ENGINE=official: everything on that engine, our emulator's suites included.
  assert.deepEqual(runs(perEngine(suites, availableEngines('official', true).engines)), [
    ['web: test', undefined],
    ['emulator: test:triggers [official]', 'official'],
    ['root: test:rules [official]', 'official'],
  ]);
});

test('without the official engine everything runs on ours and the product runs say what was skipped', () => {
  const suites = [
    { name: 'emulator: test:triggers', command: 'npm', args: [] },
    { name: 'root: test:rules', command: 'npm', args: [] },
  ];
  const { engines, missing } = availableEngines('auto', false);
  const once = perEngine(suites, engines, { missing });
  assert.deepEqual(
    once.suites.map((s) => s.name),
    ['emulator: test:triggers [own]', 'root: test:rules [own]'],
  );
  assert.deepEqual(once.skipped, [
    'root: test:rules [official]: the official Firestore emulator is not installed here',
  ]);
  const all = perEngine(suites, engines, { missing, allEngines: true });
  assert.equal(all.skipped.length, 2);
});

test('suites that start no emulator run in the lane beside; every other suite, new ones and the browser suite too, in the main lane', () => {
  const named = (...names) => names.map((name) => ({ name, command: 'npm', args: [] }));
  const { main, beside } = lanes(
    named(
      'model: test',
      'emulator: test',
      'lint',
      'functions: test:integration [own]',
      'root: test:rules [official]',
      'e2e: browser end-to-end [own]',
      'x: new',
    ),
  );
  assert.deepEqual(
    main.map((s) => s.name),
    [
      'emulator: test',
      'functions: test:integration [own]',
      'e2e: browser end-to-end [own]',
      'x: new',
    ],
  );
  assert.deepEqual(
    beside.map((s) => s.name),
    ['model: test', 'lint', 'root: test:rules [official]'],
  );
});

test("a failed suite's excerpt names its failing tests, without colours or stack frames", () => {
  const mocha = [
    '  \u001b[32m✔\u001b[39m passes',
    '  1 passing (3s)',
    '  1 failing',
    '',
    '  1) attacks: conversation',
    '       a reporter cannot read another reporter conversation:',
    '     AssertionError: expected PERMISSION_DENIED',
    '      at Context.<anonymous> (test/attacks/x.test.ts:10:5)',
    '',
  ].join('\n');
  assert.deepEqual(failureExcerpt(mocha), [
    '  1 failing',
    '  1) attacks: conversation',
    '       a reporter cannot read another reporter conversation:',
    '     AssertionError: expected PERMISSION_DENIED',
  ]);
  const nodeTest =
    'ok 1\n✖ failing tests:\n\ntest at scripts/test/a.test.mjs:3:1\n✖ breaks (1ms)\n';
  assert.deepEqual(failureExcerpt(nodeTest), [
    '✖ failing tests:',
    'test at scripts/test/a.test.mjs:3:1',
    '✖ breaks (1ms)',
  ]);
  const other = Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n');
  assert.deepEqual(failureExcerpt(other, 3), ['line 37', 'line 38', 'line 39']);
});
