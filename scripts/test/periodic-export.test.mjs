import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  describeSave,
  exportThroughHub,
  recoverSavedData,
  removeHubLeftovers,
  saveData,
  stagingDirs,
  startPeriodicExport,
} from '../lib/periodic-export.mjs';
import { waitUntil } from '../../testkit/src/wait.mjs';

/** Writes an export as the Hub does: the data first, the metadata file last. */
function writeExport(dir, docs, { complete = true } = {}) {
  mkdirSync(join(dir, 'firestore_export'), { recursive: true });
  // Stamped with the export's time, as our Firestore emulator's documents.json is.
  writeFileSync(
    join(dir, 'firestore_export', 'docs.json'),
    JSON.stringify({ exportedAt: new Date().toISOString(), docs }),
  );
  // As the official emulator writes beside its data: the export's start and end times.
  writeFileSync(
    join(dir, 'firestore_export', 'all_kinds.export_metadata'),
    String(performance.now()),
  );
  if (complete) {
    writeFileSync(
      join(dir, 'firebase-export-metadata.json'),
      JSON.stringify({ version: '15', firestore: { path: 'firestore_export' }, auth: {} }),
    );
  }
}
const docsIn = (dir) =>
  JSON.parse(readFileSync(join(dir, 'firestore_export', 'docs.json'), 'utf8')).docs;
const fakeHub = (docs) => async (_host, path) => writeExport(path, docs);

function dataDir() {
  return join(mkdtempSync(join(tmpdir(), 'saved-')), '.emulator-data');
}

test('a changed export replaces the saved data; an unchanged one leaves it and says nothing changed', async () => {
  const data = dataDir();
  writeExport(data, ['old']);
  const first = await saveData({ dataDir: data, exporter: fakeHub(['old', 'new']) });
  assert.equal(first.changed, true);
  assert.equal(first.emulators, 'Firestore, Auth');
  assert.ok(first.bytes > 0);
  assert.deepEqual(docsIn(data), ['old', 'new']);

  const second = await saveData({ dataDir: data, exporter: fakeHub(['old', 'new']) });
  assert.equal(second.changed, false);
  assert.deepEqual(docsIn(data), ['old', 'new']);
  const { next, previous } = stagingDirs(data);
  assert.equal(existsSync(next) || existsSync(previous), false, 'no staging left behind');
});

test('a failed or incomplete export rejects and leaves the saved data untouched', async () => {
  const data = dataDir();
  writeExport(data, ['kept']);
  const failing = async (_host, path) => {
    writeExport(path, ['half'], { complete: false });
    throw new Error('Firestore is gone');
  };
  await assert.rejects(saveData({ dataDir: data, exporter: failing }), /Firestore is gone/);
  await assert.rejects(
    saveData({
      dataDir: data,
      exporter: async (_h, path) => writeExport(path, ['half'], { complete: false }),
    }),
    /incomplete/,
  );
  assert.deepEqual(docsIn(data), ['kept']);
  assert.equal(existsSync(stagingDirs(data).next), false);
});

test('after a crash mid-save the newest complete export is put back', () => {
  // Killed after the export finished, before the swap: the new one wins.
  let data = dataDir();
  writeExport(data, ['old']);
  writeExport(stagingDirs(data).next, ['new']);
  assert.match(recoverSavedData(data), /from \.emulator-data\.next/);
  assert.deepEqual(docsIn(data), ['new']);

  // Killed between the two renames: only .previous holds a complete export.
  data = dataDir();
  writeExport(stagingDirs(data).previous, ['old']);
  writeExport(stagingDirs(data).next, ['partial'], { complete: false });
  assert.match(recoverSavedData(data), /from \.emulator-data\.previous/);
  assert.deepEqual(docsIn(data), ['old']);

  // Killed during an export: the half-written .next is dropped, the saved data stays.
  data = dataDir();
  writeExport(data, ['saved']);
  writeExport(stagingDirs(data).next, ['half'], { complete: false });
  assert.equal(recoverSavedData(data), null);
  assert.deepEqual(docsIn(data), ['saved']);
  assert.equal(existsSync(stagingDirs(data).next), false);

  // Nothing saved yet: nothing to do.
  assert.equal(recoverSavedData(dataDir()), null);
});

test("the Hub's temp dirs left by a killed export are removed", () => {
  const root = mkdtempSync(join(tmpdir(), 'root-'));
  mkdirSync(join(root, 'firebase-export-1763895000000abcdef'));
  mkdirSync(join(root, 'functions'));
  removeHubLeftovers(root);
  assert.deepEqual(readdirSync(root), ['functions']);
});

test('periodic saves print one line per change, nothing for an unchanged minute, and go on after a failure', async () => {
  const data = dataDir();
  const lines = [];
  const rounds = [['a'], ['a'], new Error('hub down'), ['a', 'b']];
  const saver = startPeriodicExport({
    hubHost: 'unused',
    dataDir: data,
    intervalMs: 30,
    log: (line) => lines.push(line),
    exporter: async (host, path) => {
      const next = rounds.shift() ?? ['a', 'b'];
      if (next instanceof Error) throw next;
      writeExport(path, next);
    },
  });
  const savedLines = () => lines.filter((l) => l.startsWith('[saved] .emulator-data at'));
  // The rounds: a save, the same export again (not saved), the failure, a change: two saves.
  await waitUntil(() => rounds.length === 0 && savedLines().length >= 2, { intervalMs: 10 });
  await saver.stop();
  const saved = savedLines();
  assert.equal(saved.length, 2, lines.join('\n'));
  assert.ok(lines.includes('[saved] not saved: hub down'));
  assert.deepEqual(docsIn(data), ['a', 'b']);
  assert.ok(saver.lastSaved instanceof Date);
});

test('the save line is short and says what was saved', () => {
  const at = new Date(2026, 10, 23, 11, 42, 3);
  assert.equal(
    describeSave('/x/.emulator-data', { emulators: 'Firestore, Auth', bytes: 2048, ms: 420 }, at),
    '[saved] .emulator-data at 11:42:03: Firestore, Auth, 2 KB in 0.4 s',
  );
});

test('the export request goes to the Hub endpoint firebase emulators:export uses, without an Origin', async () => {
  const seen = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ url: req.url, origin: req.headers.origin, body: JSON.parse(body) });
      const fail = JSON.parse(body).path === '/fail';
      res.writeHead(fail ? 500 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: fail ? 'Firestore export failed' : 'OK' }));
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const host = `127.0.0.1:${server.address().port}`;
  try {
    await exportThroughHub(host, '/data/.emulator-data.next');
    await assert.rejects(exportThroughHub(host, '/fail'), /Firestore export failed/);
  } finally {
    server.close();
  }
  assert.equal(seen[0].url, '/_admin/export');
  assert.equal(seen[0].origin, undefined, 'the Hub refuses requests with an Origin');
  assert.equal(seen[0].body.path, '/data/.emulator-data.next');
});
