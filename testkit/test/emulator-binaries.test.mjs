import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  chooseEmulatorBinaries,
  chooseFirestore,
  writeEffectiveConfig,
} from '../src/emulator-binaries.mjs';
import { FIREBASE_JSON, REPO_ROOT as ROOT } from '../src/repo.mjs';

const info = JSON.parse(
  readFileSync(
    join(ROOT, 'node_modules/firebase-tools/lib/emulator/downloadableEmulatorInfo.json'),
    'utf8',
  ),
);

/** An environment with an empty firebase-tools cache and no Cloud SDK. */
function bareEnv(extra = {}) {
  const cache = mkdtempSync(join(tmpdir(), 'fbcache-'));
  const sdk = mkdtempSync(join(tmpdir(), 'sdk-'));
  return { FIREBASE_EMULATORS_PATH: cache, CLOUDSDK_ROOT_DIR: sdk, ...extra };
}
const NO_SYSTEM_SDK =
  !existsSync('/usr/lib/google-cloud-sdk') && !existsSync('/usr/share/google-cloud-sdk');

function fakeCloudSdk(env) {
  const dir = join(env.CLOUDSDK_ROOT_DIR, 'platform', 'cloud-firestore-emulator');
  mkdirSync(dir, { recursive: true });
  const jar = join(dir, 'cloud-firestore-emulator.jar');
  writeFileSync(jar, '');
  return jar;
}

test('a Cloud SDK install is started through the official launcher jar', () => {
  const env = bareEnv();
  const jar = fakeCloudSdk(env);
  const chosen = chooseFirestore(ROOT, { env });
  assert.equal(chosen.engine, 'official');
  assert.equal(chosen.reason, 'Cloud SDK install');
  assert.equal(chosen.env.CLOUD_FIRESTORE_EMULATOR_JAR, jar);
  assert.equal(
    chosen.env.FIRESTORE_EMULATOR_BINARY_PATH,
    join(ROOT, 'emulator/dist/official-firestore.jar'),
  );
});

test('own and official can be asked for; asking for a missing official one is an error', () => {
  const env = bareEnv();
  fakeCloudSdk(env);
  assert.equal(chooseFirestore(ROOT, { env, engine: 'own' }).engine, 'own');
  assert.equal(chooseFirestore(ROOT, { env: { ...env, FIRESTORE_ENGINE: 'own' } }).engine, 'own');
  assert.throws(() => chooseFirestore(ROOT, { env, engine: 'newest' }), /Unknown Firestore engine/);
  if (NO_SYSTEM_SDK) {
    assert.throws(
      () => chooseFirestore(ROOT, { env: bareEnv(), engine: 'official' }),
      /not installed/,
    );
  }
});

test('an explicit binary path is used as it is', () => {
  const env = bareEnv({ FIRESTORE_EMULATOR_BINARY_PATH: '/opt/firestore/emulator.jar' });
  const chosen = chooseFirestore(ROOT, { env });
  assert.equal(chosen.reason, 'FIRESTORE_EMULATOR_BINARY_PATH');
  assert.equal(chosen.env.FIRESTORE_EMULATOR_BINARY_PATH, '/opt/firestore/emulator.jar');
});

test('without an official engine our own launchers are used and the UI stays off', () => {
  const env = bareEnv();
  const chosen = chooseEmulatorBinaries(ROOT, { env, engine: NO_SYSTEM_SDK ? 'auto' : 'own' });
  assert.equal(chosen.firestore.engine, 'own');
  // Ours enforces the project's indexes, as production does.
  assert.equal(chosen.env.FIRESTORE_EMULATOR_REQUIRE_INDEXES, '1');
  // And reports hot documents (emulator/src/firestore/server/hotspots.ts).
  assert.equal(chosen.env.FIRESTORE_EMULATOR_REPORT_HOTSPOTS, '1');
  assert.equal(chosen.env.FIRESTORE_EMULATOR_INDEXES, join(ROOT, 'firestore.indexes.json'));
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
  const env = bareEnv();
  const cache = env.FIREBASE_EMULATORS_PATH;
  writeFileSync(join(cache, info.firestore.downloadPathRelativeToCacheDir), '');
  writeFileSync(join(cache, info.ui.main.downloadPathRelativeToCacheDir), '');
  const chosen = chooseEmulatorBinaries(ROOT, { env });
  assert.equal(chosen.env.FIRESTORE_EMULATOR_BINARY_PATH, undefined);
  assert.equal(chosen.firestore.reason, "firebase-tools' cache");
  assert.equal(chosen.firestore.binary, join(cache, info.firestore.downloadPathRelativeToCacheDir));
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
