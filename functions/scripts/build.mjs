// Bundles src/index.ts to lib/index.js (CommonJS, Node 20+). Runtime dependencies stay external and
// are installed from package.json at deploy; the workspace model package is inlined, because it is
// not published and `firebase deploy` uploads functions/ alone.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).flatMap((name) => [name, `${name}/*`]);

process.chdir(new URL('..', import.meta.url).pathname);

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
