/**
 * The Pub/Sub emulator, which drives the scheduled functions locally: where its binary is, and
 * publishing to a scheduled function's topic. With the Pub/Sub emulator running, the Functions
 * emulator subscribes each scheduled function to `firebase-schedule-<function name>`; a message
 * published there runs the function (see pubsub-schedule-delivery.cjs for how it is delivered).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { downloadInfo, emulatorCacheDir } from './emulator-binaries.mjs';

/** firebase-tools preload (`node --require`) that delivers Pub/Sub messages to v2 schedules. */
export const SCHEDULE_DELIVERY_PRELOAD = fileURLToPath(
  new URL('./pubsub-schedule-delivery.cjs', import.meta.url),
);

/** The every-minute publishing job (functions/src/scheduled/publish-scheduled.ts). */
export const SCHEDULED_PUBLISHING_FUNCTION = 'publishScheduled';
/** Every scheduled function the stack drives (functions/src/scheduled/), each every minute. */
export const SCHEDULED_FUNCTIONS = [
  SCHEDULED_PUBLISHING_FUNCTION,
  'housekeeping',
  'sendScheduledMassNotifications',
  'foldPastStatsDays',
];

/** Where the Cloud SDK's Debian package installs it (these build machines have it). */
const CLOUD_SDK_ROOTS = ['/usr/lib/google-cloud-sdk'];
const SDK_SCRIPT = join('platform', 'pubsub-emulator', 'bin', 'cloud-pubsub-emulator');

/**
 * The topic firebase-tools subscribes a scheduled function to (its `addPubsubTrigger`).
 * @param {string} functionName
 */
export function scheduleTopic(functionName) {
  if (!/^[A-Za-z][\w-]{0,62}$/.test(functionName)) {
    throw new Error(`Not a function name: ${JSON.stringify(functionName)}`);
  }
  return `firebase-schedule-${functionName}`;
}

/**
 * Cloud SDK installs: the Debian path, and the one `gcloud` on PATH belongs to.
 * @param {NodeJS.ProcessEnv} env
 * @param {string[]} known
 */
function cloudSdkRoots(env, known) {
  const roots = [...known];
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const gcloud = join(dir, 'gcloud');
    if (existsSync(gcloud)) roots.push(dirname(dirname(realpathSync(gcloud))));
  }
  return [...new Set(roots)];
}

/**
 * The Pub/Sub emulator to run, or null: PUBSUB_EMULATOR_BINARY_PATH, firebase-tools' cache, a
 * Cloud SDK install.
 * @param {string} root
 * @param {{ env?: NodeJS.ProcessEnv, sdkRoots?: string[] }} [options]
 * @returns {{ path: string, source: 'PUBSUB_EMULATOR_BINARY_PATH'|'firebase-tools cache'|'Cloud SDK' } | null}
 */
export function findPubsubEmulator(root, { env = process.env, sdkRoots = CLOUD_SDK_ROOTS } = {}) {
  const given = env.PUBSUB_EMULATOR_BINARY_PATH;
  if (given) {
    if (!existsSync(given)) {
      throw new Error(`PUBSUB_EMULATOR_BINARY_PATH points to nothing: ${given}`);
    }
    return { path: given, source: 'PUBSUB_EMULATOR_BINARY_PATH' };
  }
  const relative = downloadInfo(root).pubsub?.binaryPathRelativeToCacheDir;
  if (relative) {
    const cached = join(emulatorCacheDir(env), relative);
    if (existsSync(cached)) return { path: cached, source: 'firebase-tools cache' };
  }
  for (const sdk of cloudSdkRoots(env, sdkRoots)) {
    const script = join(sdk, SDK_SCRIPT);
    if (existsSync(script)) return { path: script, source: 'Cloud SDK' };
  }
  return null;
}

/**
 * The Pub/Sub emulator to run, downloading it through firebase-tools when no copy is found (on a
 * laptop with internet; it fails within a second offline). Returns `{ path, source }` with the
 * env to give firebase-tools, or `{ missing: reason }`.
 * @param {string} root
 * @param {{ env?: NodeJS.ProcessEnv, firebaseBin: string, sdkRoots?: string[] }} options
 * @returns {{ path: string, source: string, env: Record<string, string>, missing?: undefined }
 *   | { missing: string, env?: undefined }}
 */
export function ensurePubsubEmulator(root, { env = process.env, firebaseBin, sdkRoots }) {
  const found = findPubsubEmulator(root, { env, sdkRoots });
  if (found) return { ...found, env: { PUBSUB_EMULATOR_BINARY_PATH: ownedPath(root, found.path) } };
  const download = spawnSync(process.execPath, [firebaseBin, 'setup:emulators:pubsub'], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 180_000,
  });
  const downloaded = findPubsubEmulator(root, { env, sdkRoots });
  // firebase-tools finds its own cached copy: no override needed.
  if (download.status === 0 && downloaded) return { ...downloaded, env: {} };
  const why = /Error: (.+)/.exec(`${download.stdout}\n${download.stderr}`)?.[1];
  return {
    missing:
      'no Pub/Sub emulator in firebase-tools cache or a Cloud SDK install, and firebase-tools ' +
      `could not download it${why ? ` (${why.trim()})` : ''}`,
  };
}

/**
 * firebase-tools chmods an overridden binary before running it, which fails for another user's
 * file (a Cloud SDK installed by root, run as yourself): such a binary is run through a
 * one-line wrapper of ours.
 * @param {string} root
 * @param {string} binary
 */
function ownedPath(root, binary) {
  const uid = process.getuid?.();
  if (uid === undefined || uid === 0 || statSync(binary).uid === uid) return binary;
  const wrapper = join(root, '.firebase', 'bin', 'cloud-pubsub-emulator');
  mkdirSync(dirname(wrapper), { recursive: true });
  writeFileSync(wrapper, `#!/bin/sh\nexec '${binary.replace(/'/g, `'\\''`)}' "$@"\n`);
  chmodSync(wrapper, 0o755);
  return wrapper;
}

/**
 * Publishes one message to a topic through the emulator's REST API; resolves with its id. A
 * missing topic means the Functions emulator has not subscribed the function (yet).
 * @param {{ pubsubHost: string, projectId: string, topic: string, data?: unknown }} message
 * @returns {Promise<string>}
 */
export async function publishMessage({ pubsubHost, projectId, topic, data = {} }) {
  const url = `http://${pubsubHost}/v1/projects/${projectId}/topics/${topic}:publish`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      messages: [{ data: Buffer.from(JSON.stringify(data)).toString('base64') }],
    }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = /** @type {{ messageIds?: string[], error?: { message?: string } }} */ (
    await response.json().catch(() => ({}))
  );
  if (response.status === 404) {
    throw new Error(
      `Pub/Sub topic ${topic} does not exist: the Functions emulator has not subscribed ` +
        'the scheduled function to it (is the function exported, and did the Functions emulator load?)',
    );
  }
  if (!response.ok || !body.messageIds?.[0]) {
    throw new Error(
      `Publishing to ${topic} failed: ${body.error?.message ?? `HTTP ${response.status}`}`,
    );
  }
  return body.messageIds[0];
}
