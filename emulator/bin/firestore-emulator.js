#!/usr/bin/env node
// Runs the bundled emulator (emulator/dist), so `npx firestore-emulator` works after a build.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dist = fileURLToPath(new URL('../dist/firestore-emulator.js', import.meta.url));
if (!existsSync(dist)) {
  process.stderr.write(
    `firestore-emulator: ${dist} is missing; run \`npm run build -w emulator\` first.\n`,
  );
  process.exit(1);
}
await import(pathToFileURL(dist).href);
