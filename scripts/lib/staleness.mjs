/** Decides what a warm start can skip: installs and builds whose outputs are newer than inputs. */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'lib', 'coverage', '.git', 'classes']);

/** Newest modification time (ms) of the files under the given paths; 0 when none exist. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (!SKIPPED_DIRS.has(entry)) visit(join(path, entry));
      }
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const path of paths) visit(path);
  return newest;
}

/** Oldest modification time of the outputs; 0 when any is missing (so it must be built). */
export function oldestOutputMtime(outputs) {
  let oldest = Infinity;
  for (const output of outputs) {
    if (!existsSync(output)) return 0;
    oldest = Math.min(oldest, statSync(output).mtimeMs);
  }
  return outputs.length ? oldest : 0;
}

/** A build is stale when an output is missing or any source is newer than the oldest output. */
export function isStale({ sources, outputs }) {
  const outputTime = oldestOutputMtime(outputs);
  return outputTime === 0 || newestMtime(sources) > outputTime;
}

const DEPENDENCY_FIELDS = [
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'peerDependencies',
  'workspaces',
];

/** Fingerprint of what an install depends on: the lockfile and every manifest's dependency fields. */
export function installFingerprint(root, workspaces = []) {
  const hash = createHash('sha256');
  const lock = join(root, 'package-lock.json');
  hash.update(existsSync(lock) ? readFileSync(lock) : '');
  for (const dir of ['.', ...workspaces]) {
    const manifest = join(root, dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const json = JSON.parse(readFileSync(manifest, 'utf8'));
    hash.update(JSON.stringify([dir, DEPENDENCY_FIELDS.map((field) => json[field] ?? null)]));
  }
  return hash.digest('hex');
}

const stampPath = (root) => join(root, 'node_modules', '.campus-safety-install');

/**
 * `missing` (no installed node_modules), `stale` (the lockfile or a manifest's dependencies
 * changed since the last install) or `ok`. An install made by hand (no stamp yet) counts as
 * current when npm's own record of it is newer than package-lock.json.
 */
export function installState(root, workspaces = []) {
  const npmRecord = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(npmRecord)) return 'missing';
  const fingerprint = installFingerprint(root, workspaces);
  if (existsSync(stampPath(root))) {
    return readFileSync(stampPath(root), 'utf8').trim() === fingerprint ? 'ok' : 'stale';
  }
  const lock = join(root, 'package-lock.json');
  if (existsSync(lock) && statSync(lock).mtimeMs > statSync(npmRecord).mtimeMs) return 'stale';
  recordInstall(root, workspaces);
  return 'ok';
}

/** Remembers what was installed, so the next start can skip the install. */
export function recordInstall(root, workspaces = []) {
  writeFileSync(stampPath(root), `${installFingerprint(root, workspaces)}\n`);
}
