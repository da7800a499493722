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

/**
 * A screen at the three widths every new screen is looked at (1440, 768 and 390 px), kept here
 * and, when SHOTS_DIR is set, in that folder too; the page is left at 1440.
 */
export async function screenshotsAtWidths(page, name) {
  for (const [width, height] of [
    [1440, 900],
    [768, 1024],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `${name}-${width}`);
    if (process.env.SHOTS_DIR) {
      mkdirSync(process.env.SHOTS_DIR, { recursive: true });
      await page.screenshot({
        path: `${process.env.SHOTS_DIR}/${name}-${width}.png`,
        fullPage: true,
      });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
