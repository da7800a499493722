import assert from 'node:assert/strict';
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

  // A pid no process can have: above Linux's largest possible pid_max (2^22). A child that has
  // exited is not enough: on a busy machine its pid can be reused at once.
  const dead = join(tmpRoot(root), String(2 ** 22 + 1));
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
