/** Installs the npm dependencies when they are missing or stale: shared by npm start and npm test. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './processes.mjs';
import { installState, recordInstall } from './staleness.mjs';

export function workspaces(root) {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces ?? [];
}

/** @returns {Promise<string>} what was done; throws when npm fails. */
export async function ensureInstalled(root, log) {
  const state = installState(root, workspaces(root));
  if (state === 'ok') return 'up to date';
  const args = state === 'missing' ? ['ci'] : ['install'];
  log(`Dependencies ${state}: npm ${args.join(' ')} ...`);
  const code = await run('npm', [...args, '--no-audit', '--no-fund'], { cwd: root });
  if (code !== 0) throw new Error(`npm ${args[0]} failed (exit ${code}); see its output above.`);
  recordInstall(root, workspaces(root));
  return `npm ${args[0]}`;
}
