import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEmulator, emulatorsExec } from '../support/firebase-tools.js';

/**
 * Data kept across restarts the way users do it: `firebase emulators:exec --export-on-exit`
 * (firebase-tools calls the export endpoint) and then `--import` (it passes --seed_from_export),
 * with firebase-tools starting the emulator through FIRESTORE_EMULATOR_BINARY_PATH.
 */
describe('conformance: firebase-tools export on exit and import', function () {
  this.timeout(180_000);
  const fixture = join(dirname(fileURLToPath(import.meta.url)), 'fixture');

  it('restores every document, nested ones included', async function () {
    if (process.env.CONFORMANCE_EMULATOR_HOST) this.skip();
    await buildEmulator();
    const work = mkdtempSync(join(tmpdir(), 'firebase-tools-export-'));
    const exportDir = join(work, 'export');
    const out = join(work, 'found.json');
    try {
      const first = await emulatorsExec(fixture, {
        only: 'firestore',
        project: 'demo-e2-export',
        flags: ['--export-on-exit', exportDir],
        script: 'node write.mjs',
      });
      assert.equal(first.code, 0, first.output);
      assert.ok(existsSync(join(exportDir, 'firebase-export-metadata.json')), first.output);

      const second = await emulatorsExec(fixture, {
        only: 'firestore',
        project: 'demo-e2-export',
        flags: ['--import', exportDir],
        script: `node check.mjs ${out}`,
      });
      assert.equal(second.code, 0, second.output);
      assert.deepEqual(JSON.parse(readFileSync(out, 'utf8')), {
        'incidents/i1': {
          title: 'Door forced',
          at: { _seconds: 1767225600, _nanoseconds: 123000000 },
          tags: ['a', 'b'],
        },
        'incidents/i1/notes/n1': { text: 'nested note', n: 7 },
        'campuses/north': { name: 'North', geo: { lat: 1.5 } },
      });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
