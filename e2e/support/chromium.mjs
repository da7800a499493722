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

/** Per context: whether it is offline, and the CDP session that repeats it to each page. */
const offlineState = new WeakMap();

/** Repeats the context's connection to `page`'s document (the override Chromium forgets). */
async function tellPage(page, offline, sessions) {
  if (page.isClosed()) return;
  let cdp = sessions.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    sessions.set(page, cdp);
  }
  await cdp.send('Network.emulateNetworkConditions', {
    offline,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

/**
 * `context.setOffline`, as a device without a connection: Chromium 150 keeps the network cut
 * through a reload or a navigation but forgets the page's `navigator.onLine`, so a reloaded app
 * believed it was online, never heard `offline`, and (back online) never heard `online`, which is
 * what tells Firestore's SDK to reconnect at once. Each page is told again whenever its main
 * frame navigates, and waits until its `navigator.onLine` agrees.
 */
export async function setOffline(context, offline) {
  let state = offlineState.get(context);
  if (!state) {
    state = { offline: false, sessions: new Map() };
    offlineState.set(context, state);
    const follow = (page) =>
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) {
          tellPage(page, state.offline, state.sessions).catch(() => undefined);
        }
      });
    context.pages().forEach(follow);
    context.on('page', follow);
  }
  state.offline = offline;
  await context.setOffline(offline);
  for (const page of context.pages()) {
    await tellPage(page, offline, state.sessions);
    await page.waitForFunction((want) => navigator.onLine === want, !offline);
  }
}
