import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createStackTmpDir, removeStaleTmpDirs, tmpRoot } from '../lib/stack-tmp.mjs';

test("each stack gets its own TMPDIR; a dead stack's is removed at the next start, a live one's never", () => {
  const root = mkdtempSync(join(tmpdir(), 'stack-root-'));
  const mine = createStackTmpDir(root);
  assert.equal(mine.path, join(root, '.firebase', 'tmp', String(process.pid)));
  writeFileSync(join(mine.path, 'blob'), 'x');

  // A pid that has surely exited: a child we waited for.
  const deadPid = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], {
    encoding: 'utf8',
  }).stdout.trim();
  const dead = join(tmpRoot(root), deadPid);
  mkdirSync(join(dead, 'firebase', 'storage', 'blobs'), { recursive: true });
  const live = join(tmpRoot(root), '1'); // init is always running
  mkdirSync(live);
  mkdirSync(join(tmpRoot(root), 'not-a-pid'));

  assert.equal(removeStaleTmpDirs(root), 1);
  assert.equal(existsSync(dead), false);
  assert.ok(
    existsSync(live) && existsSync(mine.path) && existsSync(join(tmpRoot(root), 'not-a-pid')),
  );

  mine.remove();
  assert.equal(existsSync(mine.path), false);
});
