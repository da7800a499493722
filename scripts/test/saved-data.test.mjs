import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { savedDataConflict, savedFirestoreEngine } from '../lib/saved-data.mjs';

/** An export directory as firebase-tools writes it, with `content` as the engine's metadata. */
function exportDir(content) {
  const dir = mkdtempSync(join(tmpdir(), 'saved-'));
  mkdirSync(join(dir, 'firestore_export'));
  writeFileSync(
    join(dir, 'firebase-export-metadata.json'),
    JSON.stringify({
      version: '15.0.0',
      firestore: {
        version: '1.22.0',
        path: 'firestore_export',
        metadata_file: 'firestore_export/firestore_export.overall_export_metadata',
      },
    }),
  );
  writeFileSync(join(dir, 'firestore_export', 'firestore_export.overall_export_metadata'), content);
  return dir;
}

const OURS = JSON.stringify({ format: 'campus-safety-firestore', version: 1 });
// The official engine writes a binary protobuf here.
const OFFICIAL = Buffer.from([0x0a, 0x1f, 0x12, 0x00, 0xff, 0x3a]);

test('the saved export says which engine wrote it', () => {
  assert.equal(savedFirestoreEngine(exportDir(OURS)), 'own');
  assert.equal(savedFirestoreEngine(exportDir(OFFICIAL)), 'official');
  assert.equal(savedFirestoreEngine(mkdtempSync(join(tmpdir(), 'empty-'))), null);
});

test("importing another engine's data stops with what to do, never an empty database", () => {
  const ours = exportDir(OURS);
  assert.equal(savedDataConflict(ours, 'own'), null);
  const message = savedDataConflict(ours, 'official');
  assert.match(message, /written by the project's own Firestore emulator/);
  assert.match(message, /--firestore own/);
  assert.match(message, /--fresh/);
  assert.match(savedDataConflict(exportDir(OFFICIAL), 'own'), /--firestore official/);
});
