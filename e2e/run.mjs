#!/usr/bin/env node
/**
 * The browser end-to-end suite (`npm test` finds this file): mocha over e2e/tests with one seeded
 * stack for the whole run, started and stopped by the root hooks in support/suite.mjs.
 * Extra arguments go to mocha, e.g. `node e2e/run.mjs --grep download`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const mocha = join(root, 'node_modules', 'mocha', 'bin', 'mocha.js');
const started = performance.now();
// A private temp dir: the Storage emulator keeps its blobs under os.tmpdir()/firebase/storage and
// another stack stopping on this machine deletes that shared folder (seeding then fails).
const tmp = mkdtempSync(join(tmpdir(), 'e2e-'));
const child = spawn(
  process.execPath,
  [mocha, '--config', join(root, 'e2e', '.mocharc.json'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, TMPDIR: tmp } },
);
// Ctrl-C reaches mocha (same process group); its root hook then stops the stack.
child.once('exit', (code, signal) => {
  rmSync(tmp, { recursive: true, force: true });
  console.log(`e2e wall time: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  process.exit(code ?? (signal ? 1 : 0));
});
