import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findJdk } from '../../../scripts/lib/jdk.mjs';
import { freePort } from '../../../scripts/lib/ports.mjs';
import { startEmulator, type RunningEmulator } from '../support/emulator.js';

/**
 * The two engines of the differential suite: Google's official Firestore emulator (the
 * reference) and ours, each on a free port.
 */

export const OFFICIAL_MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
/** The Cloud SDK's install root (CLOUDSDK_ROOT_DIR, as gcloud names it; Debian's by default). */
const cloudSdkJar = (env: NodeJS.ProcessEnv) =>
  join(
    env.CLOUDSDK_ROOT_DIR ?? '/usr/lib/google-cloud-sdk',
    'platform/cloud-firestore-emulator/cloud-firestore-emulator.jar',
  );

/**
 * The official emulator's jar: an explicit OFFICIAL_FIRESTORE_JAR, else the newest one
 * firebase-tools has cached, else the Cloud SDK's. Null when there is none.
 */
export async function findOfficialJar(env = process.env): Promise<string | null> {
  if (env.OFFICIAL_FIRESTORE_JAR) {
    if (!existsSync(env.OFFICIAL_FIRESTORE_JAR))
      throw new Error(`OFFICIAL_FIRESTORE_JAR=${env.OFFICIAL_FIRESTORE_JAR} does not exist`);
    return env.OFFICIAL_FIRESTORE_JAR;
  }
  const cache = (await firebaseToolsCache())(env);
  if (existsSync(cache)) {
    const cached = readdirSync(cache)
      .filter((name) => /^cloud-firestore-emulator-v[\d.]+\.jar$/.test(name))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    if (cached.length > 0) return join(cache, cached[cached.length - 1]!);
  }
  const cloudSdk = cloudSdkJar(env);
  return existsSync(cloudSdk) ? cloudSdk : null;
}

/** firebase-tools' download cache, as scripts/lib/emulator-binaries.mjs (untyped) computes it. */
async function firebaseToolsCache(): Promise<(env: NodeJS.ProcessEnv) => string> {
  const here = dirname(fileURLToPath(import.meta.url));
  const module = pathToFileURL(join(here, '../../../scripts/lib/emulator-binaries.mjs')).href;
  const { emulatorCacheDir } = (await import(module)) as {
    emulatorCacheDir: (env: NodeJS.ProcessEnv) => string;
  };
  return emulatorCacheDir;
}

/** Starts the official emulator (its jar has no Main-Class, so the class is named). */
export async function startOfficial(jar: string, projectId: string): Promise<RunningEmulator> {
  const jdk = findJdk();
  const port = await freePort();
  const child = spawn(
    jdk.java,
    [
      '-cp',
      jar,
      OFFICIAL_MAIN_CLASS,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--project_id',
      projectId,
      '--single_project_mode',
      'true',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the official emulator did not start within 60 s:\n${output}`));
    }, 60_000);
    const check = () => {
      if (!output.includes('Dev App Server is now running')) return;
      clearTimeout(timer);
      child.stdout.off('data', check);
      resolve();
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the official emulator exited with code ${code}:\n${output}`));
    });
  });
  const hostPort = `127.0.0.1:${port}`;
  return {
    host: '127.0.0.1',
    port,
    hostPort,
    baseUrl: `http://${hostPort}`,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Ours: the fresh build in dist/ (else the sources), never an external emulator. */
export function startOurs(): Promise<RunningEmulator> {
  delete process.env.CONFORMANCE_EMULATOR_HOST;
  return startEmulator();
}
