import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { chooseEmulatorBinaries, writeEffectiveConfig } from '../lib/emulator-binaries.mjs';
import { FIREBASE_JSON, ROOT } from '../lib/paths.mjs';

const info = JSON.parse(
  readFileSync(
    join(ROOT, 'node_modules/firebase-tools/lib/emulator/downloadableEmulatorInfo.json'),
    'utf8',
  ),
);

test('without cached jars our own launchers are used and the UI stays off', () => {
  const cache = mkdtempSync(join(tmpdir(), 'fbcache-'));
  const chosen = chooseEmulatorBinaries(ROOT, { env: { FIREBASE_EMULATORS_PATH: cache } });
  assert.equal(
    chosen.env.FIRESTORE_EMULATOR_BINARY_PATH,
    join(ROOT, 'emulator/dist/firestore-emulator.jar'),
  );
  assert.equal(
    chosen.env.STORAGE_EMULATOR_BINARY_PATH,
    join(ROOT, 'emulator/dist/storage-rules-runtime.jar'),
  );
  assert.equal(chosen.ui, false);
});

test('official jars and the UI already in firebase-tools cache are used', () => {
  const cache = mkdtempSync(join(tmpdir(), 'fbcache-'));
  writeFileSync(join(cache, info.firestore.downloadPathRelativeToCacheDir), '');
  writeFileSync(join(cache, info.ui.main.downloadPathRelativeToCacheDir), '');
  const chosen = chooseEmulatorBinaries(ROOT, { env: { FIREBASE_EMULATORS_PATH: cache } });
  assert.equal(chosen.env.FIRESTORE_EMULATOR_BINARY_PATH, undefined);
  assert.equal(chosen.firestore, join(cache, info.firestore.downloadPathRelativeToCacheDir));
  assert.ok(chosen.env.STORAGE_EMULATOR_BINARY_PATH, 'storage jar not cached: ours');
  assert.equal(chosen.ui, true);
});

test('the effective config is firebase.json with the UI switch set', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fbcfg-'));
  mkdirSync(dir, { recursive: true });
  const target = writeEffectiveConfig(FIREBASE_JSON, join(dir, 'effective.json'), { ui: true });
  const written = JSON.parse(readFileSync(target, 'utf8'));
  const original = JSON.parse(readFileSync(FIREBASE_JSON, 'utf8'));
  assert.equal(written.emulators.ui.enabled, true);
  assert.deepEqual(written.emulators.firestore, original.emulators.firestore);
  assert.deepEqual(written.hosting, original.hosting);
});
