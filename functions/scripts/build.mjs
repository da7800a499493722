// Bundles src/index.ts to lib/index.js (CommonJS, Node 20+). Runtime dependencies stay external and
// are installed from package.json at deploy; the workspace model package is inlined, because it is
// not published and `firebase deploy` uploads functions/ alone.
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).flatMap((name) => [name, `${name}/*`]);

process.chdir(new URL('..', import.meta.url).pathname);

const { outputFiles } = await build({
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external,
  logLevel: 'warning',
  write: false,
});

// Only what changed is written: suites run side by side (npm test's lanes), and a Functions
// emulator running from lib/ reloads when a file there is rewritten, even with the same bytes.
for (const file of outputFiles) {
  if (existsSync(file.path) && readFileSync(file.path).equals(file.contents)) continue;
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.contents);
}
