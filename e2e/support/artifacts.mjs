/**
 * Screenshots of the screens, kept under test-artifacts/e2e/ (gitignored) for people to look at,
 * and, when SHOTS_DIR is set, in that folder too.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ARTIFACTS_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'test-artifacts',
  'e2e',
);

/** The three widths every new screen is looked at. */
export const WIDTHS = [
  [1440, 900],
  [768, 1024],
  [390, 844],
];

/**
 * `<name>.png`, the whole page unless `fullPage` is false. A capture waits for the renderer to
 * paint; beside the other suites (CI) that took more than the 15 s action timeout of then on the trends
 * screen, so a capture gets a minute of its own.
 */
export async function screenshot(page, name, { fullPage = true } = {}) {
  const options = { fullPage, animations: 'disabled', timeout: 60_000 };
  for (const dir of [ARTIFACTS_DIR, process.env.SHOTS_DIR].filter(Boolean)) {
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ ...options, path: join(dir, `${name}.png`) });
  }
}

/** A screen at each of the WIDTHS, as `<name>-<width>.png`; the page is left at 1440. */
export async function screenshotsAtWidths(page, name, options) {
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `${name}-${width}`, options);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * One part of a screen (a locator, such as a settings section) at each of the WIDTHS, as
 * `<name>-<width>.png`: a long page's whole capture is too small to read that part in.
 */
export async function partShotsAtWidths(page, locator, name) {
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    for (const dir of [ARTIFACTS_DIR, process.env.SHOTS_DIR].filter(Boolean)) {
      mkdirSync(dir, { recursive: true });
      await locator.screenshot({
        animations: 'disabled',
        timeout: 60_000,
        path: join(dir, `${name}-${width}.png`),
      });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
