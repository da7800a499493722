/**
 * The Firebase emulator suite for a test run, on free ports: a config generated from a
 * firebase.json (every emulator it starts, the hub and logging on ports the OS hands out), the
 * Firestore engine FIRESTORE_ENGINE chooses, a JDK, the Pub/Sub emulator when asked for, and a
 * private TMPDIR. Suites never use the fixed ports of firebase.json, so they run beside
 * `npm start` and beside each other.
 *
 * Plain .mjs (typed with JSDoc) because `npm start` also generates its e2e config from it before
 * any install.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { chooseEmulatorBinaries } from './emulator-binaries.mjs';
import { findJdk, withJdk } from './jdk.mjs';
import { freePort } from './ports.mjs';
import { SCHEDULE_DELIVERY_PRELOAD, ensurePubsubEmulator } from './pubsub.mjs';
import { REPO_ROOT } from './repo.mjs';

/** @typedef {{ host: string, port: number }} Endpoint */
/** @typedef {Record<string, Endpoint>} Endpoints */

/** Where a suite started by emulatorsExec finds its endpoints (JSON of `Endpoints`). */
export const ENDPOINTS_ENV = 'EMULATOR_SUITE_ENDPOINTS';

/**
 * The project id of one test suite: `demo-` (so the emulators never touch a real project) and
 * one per suite, so suites running beside each other or beside `npm start` keep apart.
 * @param {string} suite e.g. `rules`, `functions`, `attacks`
 */
export function suiteProject(suite) {
  if (!/^[a-z][a-z0-9-]{0,20}$/.test(suite)) throw new Error(`Not a suite name: ${suite}`);
  return `demo-csc-${suite}`;
}

/** Emulators firebase-tools starts alongside whatever is asked for. */
const ALWAYS = ['hub', 'logging'];
/** firebase-tools starts these with the Functions emulator. */
const WITH_FUNCTIONS = ['eventarc', 'tasks'];

/**
 * Keeps firebase-tools and the Google client libraries off the network: no update check, no
 * `npm show firebase-functions`, no GCE metadata probe.
 */
export const OFFLINE_ENV = {
  NO_UPDATE_NOTIFIER: '1',
  npm_config_offline: 'true',
  METADATA_SERVER_DETECTION: 'none',
};

/**
 * A copy of `base` (a parsed firebase.json) that starts `only` on free ports, the UI off.
 * Emulators not asked for are dropped, so nothing else binds a fixed port.
 * @param {any} base
 * @param {readonly string[]} only
 * @param {string} [host]
 * @returns {Promise<{ config: any, endpoints: Endpoints }>}
 */
export async function freePortConfig(base, only, host = '127.0.0.1') {
  const names = [...only, ...ALWAYS, ...(only.includes('functions') ? WITH_FUNCTIONS : [])];
  /** @type {Record<string, unknown>} */
  const emulators = { singleProjectMode: base.emulators?.singleProjectMode ?? true };
  /** @type {Endpoints} */
  const endpoints = {};
  for (const name of names) {
    const port = await freePort(host);
    emulators[name] = { ...base.emulators?.[name], host, port };
    endpoints[name] = { host, port };
  }
  if (only.includes('firestore')) {
    const websocketPort = await freePort(host);
    emulators.firestore = { .../** @type {object} */ (emulators.firestore), websocketPort };
    endpoints['firestore websocket'] = { host, port: websocketPort };
  }
  emulators.ui = { enabled: false };
  return { config: { ...base, emulators }, endpoints };
}

/** "host:port" of each endpoint, as the emulator env variables want them. */
/** @param {Endpoints} endpoints */
export function hostPorts(endpoints) {
  return Object.fromEntries(
    Object.entries(endpoints).map(([name, { host, port }]) => [name, `${host}:${port}`]),
  );
}

/** The endpoints of the suite this process runs under (set by emulatorsExec). */
export function suiteEndpoints(env = process.env) {
  const text = env[ENDPOINTS_ENV];
  if (!text) {
    throw new Error(
      `${ENDPOINTS_ENV} is not set: run this suite through its runner (it starts the emulators).`,
    );
  }
  return /** @type {Endpoints} */ (JSON.parse(text));
}

/**
 * @typedef {object} SuiteOptions
 * @property {string} baseConfig firebase.json to start from; the generated config is written
 *   beside it, since firebase-tools resolves every path in a config from the config's folder.
 * @property {readonly string[]} only emulators to start (pubsub is dropped when none is found)
 * @property {string} project a `demo-` project id, so nothing needs a login
 * @property {string} [engine] Firestore engine; default FIRESTORE_ENGINE, else auto
 * @property {(config: any, dir: string) => void} [adjust] changes to the generated config
 *   (`dir` is a private folder for files it needs, removed with the suite)
 * @property {NodeJS.ProcessEnv} [env]
 */

/**
 * Everything needed to run firebase-tools for one suite; `dispose()` removes what it wrote.
 * @param {SuiteOptions} options
 */
export async function prepareEmulatorSuite(options) {
  const { baseConfig, project, engine, adjust, env: parentEnv = process.env } = options;
  const jdkEnv = withJdk(parentEnv, findJdk({ env: parentEnv }));
  const binaries = chooseEmulatorBinaries(REPO_ROOT, { env: parentEnv, engine });
  for (const jar of [
    binaries.env.FIRESTORE_EMULATOR_BINARY_PATH,
    binaries.env.STORAGE_EMULATOR_BINARY_PATH,
  ]) {
    if (jar && !existsSync(jar)) {
      throw new Error(
        `Missing ${relative(REPO_ROOT, jar)}: run \`npm run build -w emulator\` first.`,
      );
    }
  }
  let only = [...options.only];
  /** @type {string | null} */
  let pubsubMissing = null;
  /** @type {Record<string, string>} */
  let pubsubEnv = {};
  if (only.includes('pubsub')) {
    const firebaseBin = join(REPO_ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js');
    const pubsub = ensurePubsubEmulator(REPO_ROOT, { env: jdkEnv, firebaseBin });
    if (pubsub.missing) {
      pubsubMissing = pubsub.missing;
      only = only.filter((name) => name !== 'pubsub');
    } else {
      pubsubEnv = pubsub.env ?? {};
    }
  }
  const tmp = mkdtempSync(join(tmpdir(), 'emulator-suite-'));
  const base = JSON.parse(readFileSync(baseConfig, 'utf8'));
  const { config, endpoints } = await freePortConfig(base, only);
  // No suite mails a developer's catcher by accident: mail is off unless `adjust` points the
  // functions at a catcher of the suite's own (useFunctionsEnv).
  if (config.functions) useFunctionsEnv(config, dirname(baseConfig), tmp, { MAIL_SMTP_HOST: '' });
  adjust?.(config, tmp);
  const configPath = join(
    dirname(baseConfig),
    `.${basename(baseConfig, '.json')}.suite-${process.pid}-${basename(tmp)}.json`,
  );
  writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);

  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...jdkEnv,
    ...binaries.env,
    ...pubsubEnv,
    ...OFFLINE_ENV,
    // The Storage emulator deletes $TMPDIR/firebase/storage when it stops: keep ours apart.
    TMPDIR: tmp,
    GCLOUD_PROJECT: project,
    [ENDPOINTS_ENV]: JSON.stringify(endpoints),
  };
  // Inherited from a dev shell, these would point the suite at another stack.
  for (const name of [
    'FIRESTORE_EMULATOR_HOST',
    'FIREBASE_AUTH_EMULATOR_HOST',
    'FIREBASE_STORAGE_EMULATOR_HOST',
    'STORAGE_EMULATOR_HOST',
    'PUBSUB_EMULATOR_HOST',
    'FIREBASE_EMULATOR_HUB',
  ]) {
    delete env[name];
  }
  return {
    configPath,
    endpoints,
    env,
    firestore: binaries.firestore,
    only,
    pubsubMissing,
    /** `node --require` preloads firebase-tools runs with. */
    preloads: only.includes('pubsub') ? [SCHEDULE_DELIVERY_PRELOAD] : [],
    project,
    dispose() {
      rmSync(configPath, { force: true });
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** emulators:exec runs its script through a shell: quote what needs it. */
/** @param {string} arg */
export const shellQuote = (arg) =>
  /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;

/**
 * `firebase emulators:exec <command>` on free ports; resolves with the exit code. The command
 * finds the endpoints with suiteEndpoints() (and the usual *_EMULATOR_HOST variables).
 * @param {SuiteOptions & { command: readonly string[], cwd?: string,
 *   log?: (line: string) => void }} options
 * @returns {Promise<number>}
 */
export async function emulatorsExec(options) {
  const { command, cwd = REPO_ROOT, log = (line) => console.log(line) } = options;
  const suite = await prepareEmulatorSuite(options);
  log(`Firestore engine: ${suite.firestore.engine} (${suite.firestore.reason})`);
  if (suite.pubsubMissing) log(`Pub/Sub emulator unavailable: ${suite.pubsubMissing}`);
  const firebaseBin = join(REPO_ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js');
  const args = [
    ...suite.preloads.flatMap((file) => ['--require', file]),
    firebaseBin,
    'emulators:exec',
    '--config',
    suite.configPath,
    '--project',
    suite.project,
    '--only',
    suite.only.join(','),
    command.map(shellQuote).join(' '),
  ];
  try {
    return await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, args, { cwd, env: suite.env, stdio: 'inherit' });
      child.once('error', reject);
      child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });
  } finally {
    suite.dispose();
  }
}

/**
 * Points the Functions emulator of `config` (a parsed firebase.json whose folder is `projectDir`)
 * at its own env folder `dir`: a copy of the functions' `.env.local` with `overrides` (a stack's
 * mail catcher port, its console address). firebase-tools reads params from the `configDir` of a
 * functions entry, so stacks on free ports need not touch the committed file.
 * @param {any} config
 * @param {string} projectDir
 * @param {string} dir
 * @param {Record<string, string>} overrides
 */
export function useFunctionsEnv(config, projectDir, dir, overrides) {
  for (const entry of Array.isArray(config.functions) ? config.functions : [config.functions]) {
    const source = join(projectDir, entry.source);
    const base = existsSync(join(source, '.env.local'))
      ? readFileSync(join(source, '.env.local'), 'utf8')
      : '';
    const kept = base
      .split('\n')
      .filter((line) => !Object.keys(overrides).some((key) => line.startsWith(`${key}=`)));
    const added = Object.entries(overrides).map(([key, value]) => `${key}=${value}`);
    writeFileSync(join(dir, '.env.local'), `${[...kept, ...added].join('\n')}\n`);
    entry.configDir = relative(projectDir, dir);
  }
}
