/** The workspace builds `npm start` and `npm test` need, and whether each is stale. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What each build reads and writes. Sources include the shared model (bundled into the
 * functions and the console) and the workspace's own manifest and build script.
 */
export function buildTargets(root) {
  const ws = (name, ...paths) => paths.map((p) => join(root, name, p));
  const model = join(root, 'model', 'src');
  return [
    {
      workspace: 'emulator',
      sources: ws('emulator', 'src', 'scripts', 'launcher', 'package.json'),
      outputs: ws(
        'emulator',
        'dist/firestore-emulator.js',
        'dist/firestore-emulator.jar',
        'dist/storage-rules-runtime.jar',
        'dist/official-firestore.jar',
      ),
    },
    {
      workspace: 'functions',
      sources: [...ws('functions', 'src', 'scripts', 'package.json'), model],
      outputs: ws('functions', 'lib/index.js'),
    },
    {
      workspace: 'web',
      sources: [
        ...ws('web', 'src', 'public', 'index.html', 'vite.config.ts', 'package.json'),
        model,
      ],
      outputs: ws('web', 'dist/index.html'),
    },
  ].filter((target) => hasBuildScript(root, target.workspace));
}

function hasBuildScript(root, workspace) {
  const manifest = join(root, workspace, 'package.json');
  if (!existsSync(manifest)) return false;
  return Boolean(JSON.parse(readFileSync(manifest, 'utf8')).scripts?.build);
}
