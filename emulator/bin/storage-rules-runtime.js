#!/usr/bin/env node
// Runs the bundled Storage rules runtime (emulator/dist/storage-rules-runtime.js), built by
// `npm run build -w emulator`; firebase-tools starts it through the launcher jar.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const bundle = fileURLToPath(new URL('../dist/storage-rules-runtime.js', import.meta.url));
if (!existsSync(bundle)) {
  process.stderr.write(
    `storage-rules-runtime: ${bundle} is missing; run \`npm run build -w emulator\` first.\n`,
  );
  process.exit(1);
}
await import(pathToFileURL(bundle).href);
