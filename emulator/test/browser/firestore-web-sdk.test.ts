/**
 * The firebase web SDK (v12) in Chromium against the emulator, over WebChannel: listeners see
 * added/modified/removed in order, writes go through the Write stream, transactions retry, and a
 * limit query tracks its window, errors carry their codes; in streaming mode, with
 * experimentalForceLongPolling, and with the default settings (buffering-proxy auto-detection).
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startEmulator, uniqueProjectId, type RunningEmulator } from '../support/emulator.js';
import type { ListenerRecord, Transport } from './page.js';
import {
  bundlePage,
  launchChromium,
  servePage,
  until,
  type Browser,
  type PageServer,
} from './support.js';

interface Change {
  type: string;
  id: string;
}

/** The non-empty change lists of a listener, one per snapshot. */
function changeLists(record: ListenerRecord): Change[][] {
  return record.snapshots
    .map((snapshot) => snapshot.changes.map(({ type, id }) => ({ type, id })))
    .filter((changes) => changes.length > 0);
}

const transports: { transport: Transport; title: string }[] = [
  { transport: 'streaming', title: 'streaming (auto-detection off)' },
  { transport: 'longPolling', title: 'with experimentalForceLongPolling' },
  {
    transport: 'autoDetect',
    title: 'with the default settings (buffering-proxy auto-detection)',
  },
];

describe('firebase web SDK in Chromium over WebChannel', function () {
  this.timeout(60_000);
  let emulator: RunningEmulator;
  let pageServer: PageServer;
  let browser: Browser;

  before(async function () {
    const [started, script] = await Promise.all([startEmulator(), bundlePage()]);
    emulator = started;
    pageServer = await servePage(script);
    browser = await launchChromium();
  });

  after(async function () {
    await browser?.close();
    await pageServer?.close();
    await emulator?.stop();
  });

  for (const { transport, title } of transports) {
    describe(title, function () {
      let reader: Page;
      let writer: Page;
      let projectId: string;
      /** The CI parameter of every back channel request the pages made (0 streaming, 1 long poll). */
      let backChannelModes: string[];

      beforeEach(async function () {
        projectId = uniqueProjectId('wc-browser');
        backChannelModes = [];
        [reader, writer] = await Promise.all([
          browser.newPage(pageServer.url),
          browser.newPage(pageServer.url),
        ]);
        for (const page of [reader, writer]) {
          page.on('request', (request) => {
            const url = new URL(request.url());
            if (url.pathname.endsWith('/channel') && url.searchParams.get('RID') === 'rpc') {
              backChannelModes.push(url.searchParams.get('CI') ?? '?');
            }
          });
        }
        const options = { host: emulator.host, port: emulator.port, projectId, transport };
        await reader.evaluate((o) => globalThis.harness.connect(o), options);
        await writer.evaluate((o) => globalThis.harness.connect(o), options);
      });

      afterEach(async function () {
        await reader?.close();
        await writer?.close();
        if (this.currentTest?.state !== 'passed') return;
        // The back channels ran in the mode under test. Auto-detection starts streaming; on a
        // loaded machine its localhost timing heuristic may then switch to long polling.
        const expected = { streaming: ['0'], longPolling: ['1'], autoDetect: ['0', '1'] }[
          transport
        ];
        assert.equal(
          backChannelModes[0],
          expected[0],
          `first back channel CI=${backChannelModes[0]}`,
        );
        assert.deepEqual(
          backChannelModes.filter((mode) => !expected.includes(mode)),
          [],
        );
      });

      it('shows another client’s setDoc, updateDoc and deleteDoc to onSnapshot as added, modified, removed', async function () {
        await writer.evaluate(async () => {
          await globalThis.harness.set('rooms/a', { name: 'A', n: 1 });
          await globalThis.harness.set('rooms/b', { name: 'B', n: 2 });
        });
        await reader.evaluate(() => globalThis.harness.watch('rooms', 'rooms'));
        const initial = await until(reader, 'rooms', (r) => r.snapshots.length >= 1);
        assert.deepEqual([...(initial.snapshots[0]?.ids ?? [])].sort(), ['a', 'b']);

        await writer.evaluate(() =>
          globalThis.harness.set('rooms/c', { name: 'Café 東京 🚀', n: 3 }),
        );
        await until(reader, 'rooms', (r) => changeLists(r).length >= 2);
        await writer.evaluate(() => globalThis.harness.update('rooms/a', { n: 10 }));
        await until(reader, 'rooms', (r) => changeLists(r).length >= 3);
        await writer.evaluate(() => globalThis.harness.remove('rooms/b'));
        const record = await until(reader, 'rooms', (r) => changeLists(r).length >= 4);

        assert.equal(record.error, null);
        const lists = changeLists(record);
        assert.deepEqual(
          lists[0]?.map((c) => c.type),
          ['added', 'added'],
        );
        assert.deepEqual(lists.slice(1), [
          [{ type: 'added', id: 'c' }],
          [{ type: 'modified', id: 'a' }],
          [{ type: 'removed', id: 'b' }],
        ]);
        const modified = record.snapshots
          .flatMap((s) => s.changes)
          .find((c) => c.type === 'modified');
        assert.deepEqual(modified?.data, { name: 'A', n: 10 });
        const added = record.snapshots.flatMap((s) => s.changes).find((c) => c.id === 'c');
        assert.deepEqual(added?.data, { name: 'Café 東京 🚀', n: 3 });
        assert.deepEqual(record.snapshots[record.snapshots.length - 1]?.ids, ['a', 'c']);
      });

      it('commits runTransaction under contention so no increment is lost', async function () {
        await reader.evaluate(() => globalThis.harness.watch('counters', 'counters'));
        const results = await Promise.all([
          writer.evaluate(() => globalThis.harness.increment('counters/c', 'n', 1)),
          reader.evaluate(() => globalThis.harness.increment('counters/c', 'n', 1)),
          writer.evaluate(() => globalThis.harness.increment('counters/c', 'n', 1)),
        ]);
        assert.deepEqual([...results].sort(), [1, 2, 3]);
        const record = await until(reader, 'counters', (r) =>
          r.snapshots.some((s) => s.changes.some((c) => c.id === 'c' && c.data.n === 3)),
        );
        assert.equal(record.error, null);
      });

      it('keeps a limit query listener on its window as documents enter and leave', async function () {
        await writer.evaluate(async () => {
          await globalThis.harness.set('ranks/r3', { rank: 3 });
          await globalThis.harness.set('ranks/r5', { rank: 5 });
          await globalThis.harness.set('ranks/r7', { rank: 7 });
        });
        await reader.evaluate(() =>
          globalThis.harness.watch('top2', 'ranks', { orderByField: 'rank', limit: 2 }),
        );
        await until(reader, 'top2', (r) => r.snapshots.length >= 1);
        await writer.evaluate(() => globalThis.harness.set('ranks/r1', { rank: 1 }));
        await until(
          reader,
          'top2',
          (r) => r.snapshots[r.snapshots.length - 1]?.ids.join() === 'r1,r3',
        );
        await writer.evaluate(() => globalThis.harness.remove('ranks/r1'));
        const record = await until(
          reader,
          'top2',
          (r) => r.snapshots[r.snapshots.length - 1]?.ids.join() === 'r3,r5',
        );

        assert.deepEqual(record.snapshots[0]?.ids, ['r3', 'r5']);
        const lists = changeLists(record);
        assert.deepEqual(lists.slice(1), [
          [
            { type: 'removed', id: 'r5' },
            { type: 'added', id: 'r1' },
          ],
          [
            { type: 'removed', id: 'r1' },
            { type: 'added', id: 'r5' },
          ],
        ]);
      });

      it('reports rule denials and failed preconditions with their FirestoreError codes', async function () {
        const rules = `rules_version = '2';
          service cloud.firestore {
            match /databases/{database}/documents {
              match /open/{id} { allow read, write: if true; }
            }
          }`;
        const response = await fetch(
          `${emulator.baseUrl}/emulator/v1/projects/${projectId}:securityRules`,
          {
            method: 'PUT',
            body: JSON.stringify({ rules: { files: [{ content: rules }] } }),
          },
        );
        assert.equal(response.status, 200, await response.text());

        await reader.evaluate(() => globalThis.harness.watch('secret', 'secret'));
        const denied = await until(reader, 'secret', (r) => r.error !== null);
        assert.equal(denied.error, 'permission-denied');
        assert.deepEqual(denied.snapshots, []);

        assert.equal(
          await writer.evaluate(() => globalThis.harness.writeError('set', 'secret/x', { a: 1 })),
          'permission-denied',
        );
        assert.equal(
          await writer.evaluate(() =>
            globalThis.harness.writeError('update', 'open/missing', { a: 1 }),
          ),
          'not-found',
        );
        // The Write stream recovers after a failed write.
        assert.equal(
          await writer.evaluate(() => globalThis.harness.writeError('set', 'open/ok', { a: 1 })),
          null,
        );
      });
    });
  }
});
