/**
 * How every browser suite starts Debian's Chromium through playwright-core (never
 * `playwright install`, which downloads and fails here).
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Without the background-networking flags Chromium keeps dialling Google on a closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
