import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEmulator, emulatorsExec } from '../support/firebase-tools.js';

/**
 * Trigger delivery through the real Functions emulator: `firebase emulators:exec --only
 * firestore,functions` starts our emulator through FIRESTORE_EMULATOR_BINARY_PATH (the launcher
 * jar), the Functions emulator registers the fixture's v2 triggers with it, and the driver's
 * writes must reach each trigger with the right before/after data, in commit order.
 */

const fixture = join(dirname(fileURLToPath(import.meta.url)), 'fixture');

interface LogEntry {
  kind: string;
  document: string;
  params: Record<string, string>;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: string;
}

describe('triggers through firebase emulators:exec', function () {
  this.timeout(180_000);
  let log: LogEntry[];

  before(async function () {
    await buildEmulator();
    const work = mkdtempSync(join(tmpdir(), 'trigger-log-'));
    const out = join(work, 'log.json');
    try {
      const exec = await emulatorsExec(fixture, {
        only: 'firestore,functions',
        project: 'demo-e2-triggers',
        script: `node driver.mjs ${out}`,
      });
      assert.equal(exec.code, 0, exec.output);
      assert.ok(existsSync(out), `the driver wrote no log:\n${exec.output}`);
      log = JSON.parse(readFileSync(out, 'utf8')) as LogEntry[];
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  const of = (kind: string) => log.filter((e) => e.kind === kind);

  it('fires onDocumentCreated once with the new data and the wildcard params', function () {
    assert.deepEqual(
      of('created').map((e) => ({
        document: e.document,
        params: e.params,
        before: e.before,
        after: e.after,
      })),
      [{ document: 'watched/a', params: { id: 'a' }, before: null, after: { v: 1, label: 'one' } }],
    );
  });

  it('fires onDocumentUpdated for each update, in commit order, with before and after', function () {
    assert.deepEqual(
      of('updated').map((e) => [e.before, e.after]),
      [
        [
          { v: 1, label: 'one' },
          { v: 2, label: 'one' },
        ],
        [
          { v: 2, label: 'one' },
          { v: 3, label: 'three' },
        ],
      ],
    );
  });

  it('fires onDocumentDeleted with the last data', function () {
    assert.deepEqual(
      of('deleted').map((e) => [e.before, e.after]),
      [[{ v: 3, label: 'three' }, null]],
    );
  });

  it('fires onDocumentWritten for every change, in commit order', function () {
    assert.deepEqual(
      of('written').map((e) => [e.before?.v ?? null, e.after?.v ?? null]),
      [
        [null, 1],
        [1, 2],
        [2, 3],
        [3, null],
      ],
    );
  });

  it('matches multi-segment patterns and extracts every param', function () {
    assert.deepEqual(
      of('note-created').map((e) => ({ document: e.document, params: e.params, after: e.after })),
      [
        {
          document: 'watched/a/notes/n1',
          params: { id: 'a', noteId: 'n1' },
          after: { text: 'hello' },
        },
      ],
    );
  });
});
