import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { startProcess } from '../lib/processes.mjs';
import { waitUntil } from '../../testkit/src/wait.mjs';

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('stop ends the process, its group and a detached grandchild, and keeps the log', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'proc-'));
  // The child starts a grandchild in a process group of its own (as firebase-tools starts the
  // Java emulators) and reports its pid.
  const script = `
    const { spawn } = require('node:child_process');
    const g = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' });
    console.log('grandchild ' + g.pid);
    setInterval(() => {}, 1000);`;
  const lines = [];
  const handle = startProcess(process.execPath, ['-e', script], {
    logFile: join(dir, 'out.log'),
    onLine: (line) => lines.push(line),
  });
  await waitUntil(() => lines.some((l) => l.startsWith('grandchild ')), { intervalMs: 20 });
  const grandchild = Number(lines.find((l) => l.startsWith('grandchild ')).split(' ')[1]);
  assert.equal(alive(grandchild), true);

  const result = await handle.stop({ signal: 'SIGTERM', graceMs: 2000 });
  assert.equal(alive(handle.pid), false);
  await waitUntil(() => !alive(grandchild), {
    timeoutMs: 20_000,
    intervalMs: 20,
    what: 'the detached grandchild to be stopped too',
  });
  assert.ok(result.signal || result.code !== null);
  assert.match(readFileSync(join(dir, 'out.log'), 'utf8'), /grandchild \d+/);
});

test('a command that cannot start resolves with its error instead of throwing', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'proc-'));
  const handle = startProcess('/nonexistent/binary', [], { logFile: join(dir, 'x.log') });
  const result = await handle.exited;
  assert.equal(result.error?.code, 'ENOENT');
});
