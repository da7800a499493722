/**
 * Browser-suite plumbing: the test page bundled with esbuild and served on a free port, Debian's
 * Chromium driven by playwright-core with a fresh profile, and waiting on a page's listeners.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@campus-safety/testkit/chromium';
import { waitFor } from '@campus-safety/testkit/wait';
import type { Harness, ListenerRecord } from './page.js';

declare global {
  // The harness page.ts installs, as seen from page.evaluate callbacks.
  var harness: Harness;
}

export interface PageServer {
  url: string;
  close(): Promise<void>;
}

/** Bundles page.ts (the firebase web SDK and the harness) for the browser. */
export async function bundlePage(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./page.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
  return (result.outputFiles[0] as { text: string }).text;
}

/** Serves the page on its own port, so the emulator is a cross-origin server as in real use. */
export async function servePage(script: string): Promise<PageServer> {
  const html =
    '<!doctype html><meta charset="utf-8"><title>webchannel</title><script type="module" src="/page.js"></script>';
  const server: Server = createServer((req, res) => {
    if (req.url === '/page.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end(script);
    } else if (req.url === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Browser {
  newPage(url: string): Promise<Page>;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), 'wc-chromium-'));
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  return {
    async newPage(url: string): Promise<Page> {
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
      await page.goto(url);
      await page.waitForFunction(() => 'harness' in globalThis);
      return page;
    },
    async close(): Promise<void> {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Waits until the listener `key` on `page` satisfies `predicate`; fails with what it saw. */
export async function until(
  page: Page,
  key: string,
  predicate: (record: ListenerRecord) => boolean,
  timeoutMs = 8000,
): Promise<ListenerRecord> {
  const record = await waitFor(
    () => page.evaluate((k) => globalThis.harness.record(k), key),
    (seen) => seen !== null && predicate(seen),
    { timeoutMs, intervalMs: 25, what: `listener ${key} to reach the expected state` },
  );
  return record!;
}
