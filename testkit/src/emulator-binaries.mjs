/**
 * Which Java-side binaries firebase-tools runs, and why.
 *
 * Firestore: Google's official emulator is the reference, so it is used wherever it can be found:
 *   1. an explicit FIRESTORE_EMULATOR_BINARY_PATH (taken as it is);
 *   2. the jar firebase-tools downloads into its cache (on a machine with internet);
 *   3. the Cloud SDK's install (Debian package google-cloud-cli-firestore-emulator), started
 *      through our small launcher jar (emulator/launcher/OfficialFirestore.java);
 *   4. otherwise our own emulator (emulator/dist).
 * `--firestore official|own` (npm start) or FIRESTORE_ENGINE=official|own (test runners) choose
 * explicitly; `auto` (the default) follows the order above.
 *
 * Storage: no official rules runtime can be had offline, so ours unless firebase-tools has its
 * jar cached. The Emulator UI is switched on only when cached, since it cannot be downloaded.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * @typedef {{ engine: 'official' | 'own', binary: string, reason: string,
 *   env: Record<string, string> }} FirestoreChoice `env`: what firebase-tools needs to start it.
 * @typedef {{ env?: NodeJS.ProcessEnv, engine?: string }} ChoiceOptions
 */

export const FIRESTORE_ENGINES = ['auto', 'official', 'own'];
/** The official jar's main class (the Cloud SDK's jar names none). */
export const OFFICIAL_FIRESTORE_MAIN_CLASS =
  'com.google.cloud.datastore.emulator.firestore.CloudFirestore';

export function emulatorCacheDir(env = process.env) {
  return env.FIREBASE_EMULATORS_PATH || join(homedir(), '.cache', 'firebase', 'emulators');
}

/** Where the Cloud SDK puts the official Firestore emulator (apt package, or a CLOUDSDK_ROOT). */
export function cloudSdkFirestoreJars(env = process.env) {
  const roots = [
    env.CLOUDSDK_ROOT_DIR ?? '',
    '/usr/lib/google-cloud-sdk',
    '/usr/share/google-cloud-sdk',
  ];
  return roots
    .filter(Boolean)
    .map((root) =>
      join(root, 'platform', 'cloud-firestore-emulator', 'cloud-firestore-emulator.jar'),
    );
}

/**
 * What firebase-tools would download; empty before `npm ci` has installed it.
 * @param {string} root
 * @returns {Record<string, any>}
 */
export function downloadInfo(root) {
  const file = join(root, 'node_modules/firebase-tools/lib/emulator/downloadableEmulatorInfo.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/**
 * Google's Firestore emulator jar on this machine: the one firebase-tools downloaded, else the
 * Cloud SDK's. Both run as `java -cp <jar> com.google.cloud.datastore.emulator.firestore.CloudFirestore`.
 * @param {string} root
 * @returns {{ jar: string, source: 'cache'|'cloud-sdk' } | null}
 */
export function findOfficialFirestoreJar(root, env = process.env) {
  const details = downloadInfo(root).firestore;
  const cached = details && join(emulatorCacheDir(env), details.downloadPathRelativeToCacheDir);
  if (cached && existsSync(cached)) return { jar: cached, source: 'cache' };
  const sdkJar = cloudSdkFirestoreJars(env).find((jar) => existsSync(jar));
  return sdkJar ? { jar: sdkJar, source: 'cloud-sdk' } : null;
}

/**
 * The indexes file firebase.json names (deployed with the rules).
 * @param {string} root
 */
export function productIndexes(root) {
  const config = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
  return join(root, config.firestore?.indexes ?? 'firestore.indexes.json');
}

/**
 * The engine asked for: the explicit option, else FIRESTORE_ENGINE, else auto.
 * @param {string | undefined} option
 * @returns {string}
 */
export function requestedEngine(option, env = process.env) {
  const value = (option ?? env.FIRESTORE_ENGINE ?? 'auto').trim().toLowerCase() || 'auto';
  if (!FIRESTORE_ENGINES.includes(value)) {
    throw new Error(
      `Unknown Firestore engine "${value}": use one of ${FIRESTORE_ENGINES.join(', ')} ` +
        '(--firestore for npm start, FIRESTORE_ENGINE for the tests).',
    );
  }
  return value;
}

/**
 * Throws when `official` is requested and none can be found.
 * @param {string} root
 * @param {ChoiceOptions} [options]
 * @returns {FirestoreChoice}
 */
export function chooseFirestore(root, { env = process.env, engine } = {}) {
  const wanted = requestedEngine(engine, env);
  const ownJar = join(root, 'emulator', 'dist', 'firestore-emulator.jar');
  // Ours refuses, as production does, a query the project's indexes cannot serve; Google's
  // emulator serves every query, so only ours can catch a missing index. Ours also names the
  // documents written faster than production sustains (--report-hotspots, firestore-debug.log).
  /** @type {(reason: string) => FirestoreChoice} */
  const own = (reason) => ({
    engine: 'own',
    binary: ownJar,
    reason,
    env: {
      FIRESTORE_EMULATOR_BINARY_PATH: ownJar,
      FIRESTORE_EMULATOR_REQUIRE_INDEXES: '1',
      FIRESTORE_EMULATOR_REPORT_HOTSPOTS: '1',
      FIRESTORE_EMULATOR_INDEXES: productIndexes(root),
    },
  });
  if (wanted === 'own') return own('asked for (own)');

  const explicit = env.FIRESTORE_EMULATOR_BINARY_PATH;
  if (explicit && explicit !== ownJar) {
    return {
      engine: 'official',
      binary: explicit,
      reason: 'FIRESTORE_EMULATOR_BINARY_PATH',
      env: { FIRESTORE_EMULATOR_BINARY_PATH: explicit },
    };
  }
  const official = findOfficialFirestoreJar(root, env);
  if (official?.source === 'cache') {
    return { engine: 'official', binary: official.jar, reason: "firebase-tools' cache", env: {} };
  }
  if (official?.source === 'cloud-sdk') {
    return {
      engine: 'official',
      binary: official.jar,
      reason: 'Cloud SDK install',
      env: {
        FIRESTORE_EMULATOR_BINARY_PATH: join(root, 'emulator', 'dist', 'official-firestore.jar'),
        CLOUD_FIRESTORE_EMULATOR_JAR: official.jar,
      },
    };
  }
  if (wanted === 'official') {
    throw new Error(
      "The official Firestore emulator was asked for but is not installed: not in firebase-tools' " +
        `cache (${emulatorCacheDir(env)}) nor in the Cloud SDK (${cloudSdkFirestoreJars(env).join(', ')}). ` +
        'Run `npx firebase setup:emulators:firestore` on a machine with internet, or use --firestore own.',
    );
  }
  return own('official emulator not found');
}

/**
 * Whether the official engine can be had here (the test runner runs both engines then).
 * @param {string} root
 */
export function officialFirestoreAvailable(root, env = process.env) {
  return chooseFirestore(root, { env: { ...env, FIRESTORE_ENGINE: 'auto' } }).engine === 'official';
}

/**
 * `env` holds the variables to start firebase-tools with.
 * @param {string} root
 * @param {ChoiceOptions} [options]
 * @returns {{ env: Record<string, string>, firestore: FirestoreChoice, storage: string,
 *   ui: boolean }}
 */
export function chooseEmulatorBinaries(root, { env = process.env, engine } = {}) {
  const cache = emulatorCacheDir(env);
  const info = downloadInfo(root);
  const cached = (/** @type {any} */ details) =>
    details?.downloadPathRelativeToCacheDir &&
    existsSync(join(cache, details.downloadPathRelativeToCacheDir));
  const firestore = chooseFirestore(root, { env, engine });
  const result = { env: { ...firestore.env }, firestore, storage: '', ui: false };
  if (cached(info.storage)) {
    result.storage = join(cache, info.storage.downloadPathRelativeToCacheDir);
  } else {
    result.storage = join(root, 'emulator', 'dist', 'storage-rules-runtime.jar');
    result.env.STORAGE_EMULATOR_BINARY_PATH = result.storage;
  }
  const ui = info.ui?.main;
  result.ui = Boolean(
    ui &&
    (existsSync(join(cache, ui.binaryPathRelativeToCacheDir)) ||
      existsSync(join(cache, ui.downloadPathRelativeToCacheDir))),
  );
  return result;
}

/**
 * Writes the config firebase-tools is started with: firebase.json with the UI switched on only
 * when it is cached. It sits beside firebase.json because firebase-tools resolves every path in
 * a config relative to the config file's directory.
 * @param {string} firebaseJson
 * @param {string} target
 * @param {{ ui: boolean }} options
 */
export function writeEffectiveConfig(firebaseJson, target, { ui }) {
  const config = JSON.parse(readFileSync(firebaseJson, 'utf8'));
  config.emulators = { ...config.emulators, ui: { ...config.emulators?.ui, enabled: ui } };
  writeFileSync(target, `${JSON.stringify(config, null, 2)}\n`);
  return target;
}
