/**
 * Debian's Chromium driven by playwright-core. `chromium.launch` gives every run a fresh,
 * throw-away profile directory; each test then gets its own browser context (cookies, storage and
 * IndexedDB of its own).
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@campus-safety/testkit/chromium';

export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * A laptop-sized context unless `viewport` says otherwise (and in the machine's time zone unless
 * `timezoneId` does); page errors are printed so a failing screen explains itself.
 */
export async function newContext(browser, { baseURL, storageState, viewport, timezoneId } = {}) {
  const context = await browser.newContext({
    baseURL,
    storageState,
    viewport: viewport ?? { width: 1366, height: 900 },
    ...(timezoneId ? { timezoneId } : {}),
  });
  // A bound, not a wait: an action ends when its element is ready. Three lanes of suites share
  // two cores in npm test, so a screen can take longer than 15 s to render its data.
  context.setDefaultTimeout(30_000);
  context.on('weberror', (error) => console.error(`    [page error] ${error.error().message}`));
  return context;
}
