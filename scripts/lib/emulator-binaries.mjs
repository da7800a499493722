/**
 * Which Java-side binaries firebase-tools runs: the official jars when firebase-tools already has
 * them cached (it cannot download them here), otherwise our own launchers from emulator/dist.
 * Also whether the Emulator UI is cached, since it cannot be downloaded either.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export function emulatorCacheDir(env = process.env) {
  return env.FIREBASE_EMULATORS_PATH || join(homedir(), '.cache', 'firebase', 'emulators');
}

function downloadInfo(root) {
  const file = join(root, 'node_modules/firebase-tools/lib/emulator/downloadableEmulatorInfo.json');
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * @returns {{ env: Record<string,string>, firestore: string, storage: string, ui: boolean }}
 * `env` holds the *_EMULATOR_BINARY_PATH variables to set (none for a cached official jar).
 */
export function chooseEmulatorBinaries(root, { env = process.env, preferOfficial = true } = {}) {
  const cache = emulatorCacheDir(env);
  const info = downloadInfo(root);
  const cached = (details) =>
    details?.downloadPathRelativeToCacheDir &&
    existsSync(join(cache, details.downloadPathRelativeToCacheDir));
  const ours = {
    firestore: join(root, 'emulator', 'dist', 'firestore-emulator.jar'),
    storage: join(root, 'emulator', 'dist', 'storage-rules-runtime.jar'),
  };
  const result = { env: {}, firestore: '', storage: '', ui: false };
  for (const name of ['firestore', 'storage']) {
    if (preferOfficial && cached(info[name])) {
      result[name] = join(cache, info[name].downloadPathRelativeToCacheDir);
    } else {
      result[name] = ours[name];
      result.env[`${name.toUpperCase()}_EMULATOR_BINARY_PATH`] = ours[name];
    }
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
 */
export function writeEffectiveConfig(firebaseJson, target, { ui }) {
  const config = JSON.parse(readFileSync(firebaseJson, 'utf8'));
  config.emulators = { ...config.emulators, ui: { ...config.emulators?.ui, enabled: ui } };
  writeFileSync(target, `${JSON.stringify(config, null, 2)}\n`);
  return target;
}
