/**
 * Each stack's own temp folder, `.firebase/tmp/<pid>`, given to firebase-tools as TMPDIR: its
 * emulators keep working files under the temp dir (the Storage emulator's blobs in
 * `<tmp>/firebase/storage/blobs`), and one stack removing them crashed another that shared /tmp.
 * Removed when the stack stops; folders of stacks that died without stopping are removed at the
 * next start.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export function tmpRoot(root) {
  return join(root, '.firebase', 'tmp');
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but someone else's.
    return error.code === 'EPERM';
  }
}

/** Removes the temp folders of stacks no longer running; returns how many. */
export function removeStaleTmpDirs(root) {
  let removed = 0;
  let entries;
  try {
    entries = readdirSync(tmpRoot(root));
  } catch {
    return 0;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid || alive(Number(name))) continue;
    rmSync(join(tmpRoot(root), name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/** Creates this stack's temp folder; `remove()` deletes it. */
export function createStackTmpDir(root, pid = process.pid) {
  const path = join(tmpRoot(root), String(pid));
  mkdirSync(path, { recursive: true });
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
