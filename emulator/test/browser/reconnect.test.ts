/**
 * The firebase web SDK in Chromium when the server forgets its WebChannel sessions, as after an
 * emulator restart: the client gets 400 Unknown SID, opens a new channel, and its listener goes on.
 * Runs against an in-process server whose sessions the test can drop.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createFirestoreEngine, type FirestoreEngine } from '../../src/firestore/engine/index.js';
import { uniqueProjectId } from '../support/emulator.js';
import { startChannelServer, type ChannelServer } from '../webchannel/channel-server.js';
import {
  bundlePage,
  launchChromium,
  servePage,
  until,
  type Browser,
  type PageServer,
} from './support.js';

describe('firebase web SDK in Chromium: WebChannel session loss', function () {
  this.timeout(60_000);
  let pageServer: PageServer;
  let browser: Browser;
  let engine: FirestoreEngine;
  let server: ChannelServer;
  let page: Page;

  before(async function () {
    pageServer = await servePage(await bundlePage());
    browser = await launchChromium();
  });

  after(async function () {
    await browser?.close();
    await pageServer?.close();
  });

  beforeEach(async function () {
    engine = createFirestoreEngine();
    server = await startChannelServer(engine);
    page = await browser.newPage(pageServer.url);
  });

  afterEach(async function () {
    await page?.close();
    await server?.close();
  });

  for (const transport of ['streaming', 'longPolling'] as const) {
    it(`reconnects (${transport}) after 400 Unknown SID and the listener goes on`, async function () {
      const projectId = uniqueProjectId('wc-reconnect');
      const documents = `projects/${projectId}/databases/(default)/documents`;
      const write = (id: string) =>
        engine.commit(
          { projectId, databaseId: '(default)', caller: { kind: 'owner' } },
          {
            database: `projects/${projectId}/databases/(default)`,
            writes: [{ update: { name: `${documents}/rooms/${id}`, fields: {} } }],
          },
        );
      let unknownSid = 0;
      page.on('response', (response) => {
        if (response.status() === 400 && response.url().includes('/channel')) unknownSid++;
      });
      await page.evaluate((o) => globalThis.harness.connect(o), {
        host: server.host,
        port: server.port,
        projectId,
        transport,
      });
      await write('before');
      await page.evaluate(() => globalThis.harness.watch('rooms', 'rooms'));
      await until(page, 'rooms', (r) => r.snapshots.some((s) => s.ids.includes('before')));

      server.forgetSessions();
      await write('after');
      const record = await until(
        page,
        'rooms',
        (r) => r.snapshots.some((s) => s.ids.includes('after')),
        15_000,
      );
      assert.equal(record.error, null);
      assert.ok(unknownSid > 0, 'the client never hit the forgotten session');
      assert.deepEqual(record.snapshots[record.snapshots.length - 1]?.ids, ['after', 'before']);
    });
  }
});
