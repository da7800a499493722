import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.mjs';

const PRELOAD = join(ROOT, 'scripts', 'lib', 'lazy-auth-validation.cjs');
const PROBE = `
  const path = require('node:path');
  const dir = path.dirname(require.resolve('firebase-tools/package.json'));
  const { compileOptions } = require(require.resolve('exegesis/lib/options.js', { paths: [dir] }));
  console.log(JSON.stringify([compileOptions({}).lazyCompileValidationSchemas,
    compileOptions({ lazyCompileValidationSchemas: false }).lazyCompileValidationSchemas]));`;

const probe = (args) =>
  JSON.parse(
    execFileSync(process.execPath, [...args, '-e', PROBE], { cwd: ROOT, encoding: 'utf8' }),
  );

test('the preload makes the Auth emulator compile its validators lazily, unless told otherwise', () => {
  assert.deepEqual(probe([]), [false, false], 'exegesis default is eager');
  assert.deepEqual(probe(['--require', PRELOAD]), [true, false]);
});
