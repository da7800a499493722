/** Screenshots of the screens, kept under test-artifacts/e2e/ (gitignored) for people to look at. */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ARTIFACTS_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'test-artifacts',
  'e2e',
);

export async function screenshot(page, name) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}
