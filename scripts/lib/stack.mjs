/**
 * The local stack, start to stop: install and build what is stale, find a JDK, check ports,
 * start the emulator suite (our own Firestore emulator and Storage rules runtime unless the
 * official jars are cached), seed when empty, serve the console through the Hosting emulator,
 * drive the scheduled-publishing function through the Pub/Sub emulator, and save the data every
 * minute. Used by `npm start`, the benchmark and the e2e suite.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildTargets } from './builds.mjs';
import {
  chooseEmulatorBinaries,
  writeEffectiveConfig,
} from '../../testkit/src/emulator-binaries.mjs';
import { savedDataConflict } from './saved-data.mjs';
import { findJdk, withJdk } from '../../testkit/src/jdk.mjs';
import {
  DATA_DIR,
  EFFECTIVE_CONFIG,
  FIREBASE_BIN,
  FIREBASE_JSON,
  LOG_DIR,
  PROJECT_ID,
  ROOT,
  REGION,
  stackPorts,
} from './paths.mjs';
import { recoverSavedData, removeHubLeftovers, startPeriodicExport } from './periodic-export.mjs';
import { OFFLINE_ENV, freePortConfig, useFunctionsEnv } from '../../testkit/src/emulator-suite.mjs';
import { mailCatcherPorts } from '../../testkit/src/mail-env.mjs';
import { busyPorts, describeBusyPorts, isListening } from '../../testkit/src/ports.mjs';
import { becomesTrue as waitFor } from '../../testkit/src/wait.mjs';
import { SCHEDULE_DELIVERY_PRELOAD, ensurePubsubEmulator } from '../../testkit/src/pubsub.mjs';
import { run, startProcess } from './processes.mjs';
import { ensureInstalled } from './install.mjs';
import { createStackTmpDir, removeStaleTmpDirs } from './stack-tmp.mjs';
import { isStale } from './staleness.mjs';

/** A start that cannot go on; `message` says what to do. Never printed with a stack trace. */
export class StackError extends Error {
  constructor(message) {
    super(message);
    this.name = 'StackError';
  }
}

/**
 * Emulators firebase-tools starts for us (the hub and logging come with them); `pubsub` too
 * when a Pub/Sub emulator is available (it drives the scheduled functions).
 */
const EMULATORS = ['auth', 'firestore', 'functions', 'storage', 'hosting'];

/** firebase-tools preloads: lazy Auth validators, and Pub/Sub delivery to v2 schedules. */
const PRELOADS = [
  join(ROOT, 'scripts', 'lib', 'lazy-auth-validation.cjs'),
  join(ROOT, 'scripts', 'lib', 'keep-auth-sessions.cjs'),
  SCHEDULE_DELIVERY_PRELOAD,
];

/** Expected warnings of this setup, not worth a line on every start. */
const BENIGN = [
  'Env variable override detected',
  'Unable to fetch the CLI MOTD',
  'Emulator UI is not starting',
  "doesn't match your global version",
  'running multiple instances of the emulator suite',
];

/**
 * firebase-tools output shown without --verbose: problems, plain function output, and structured
 * function logs of WARNING and above. INFO logs (one per report from the on-call assignment step,
 * 50 of them while the seed is written) would bury the banner; --verbose shows them.
 */
export function isWorthShowing(line) {
  if (BENIGN.some((text) => line.includes(text))) return false;
  if (line.startsWith('>  ')) return !/"severity":"(DEBUG|INFO|NOTICE)"/.test(line);
  return /⚠|✘|\bERROR\b|Error:|has exited|Fatal/.test(line);
}

/** Where to read about a dead emulator: firebase-tools writes the Java ones' output to files. */
export function logPathFor(name, firebaseLog) {
  if (name === 'firestore' || name === 'firestore websocket')
    return join(ROOT, 'firestore-debug.log');
  if (name === 'pubsub') return join(ROOT, 'pubsub-debug.log');
  return firebaseLog;
}

function phaseTimer(report) {
  const timings = [];
  return {
    timings,
    async phase(name, fn) {
      const started = performance.now();
      try {
        return await fn();
      } finally {
        const ms = performance.now() - started;
        timings.push({ name, ms });
        report?.(`  ${name}: ${(ms / 1000).toFixed(2)} s`);
      }
    },
    record(name, ms) {
      timings.push({ name, ms });
    },
  };
}

async function checkPorts(ports) {
  const busy = await busyPorts(ports);
  if (busy.length) {
    throw new StackError(
      `Cannot start: a port the stack needs is taken.\n${describeBusyPorts(busy)}\n` +
        'Stop that process (another `npm start`?) and try again.',
    );
  }
}

/** Builds every stale workspace. */
/**
 * Builds what is stale. The emulators need the emulator jars and the functions before they
 * start; the console's bundle is only served once everything is up, so it builds while the
 * emulators start: `consoleBuild`, awaited before the console is checked.
 * @returns {Promise<{ consoleBuild: Promise<unknown> }>}
 */
async function ensureBuilt(phase, env, log) {
  const build = (target) =>
    phase(`build ${target.workspace}`, async () => {
      log(`Building ${target.workspace} (sources changed) ...`);
      const args = ['run', 'build', '-w', target.workspace];
      // Vite lists every chunk it writes; only its warnings belong in the stack's output.
      if (target.workspace === 'web') args.push('--', '--logLevel', 'warn');
      const code = await run('npm', args, { cwd: ROOT, env });
      if (code !== 0) {
        throw new StackError(`npm run build -w ${target.workspace} failed (exit ${code}).`);
      }
    });
  const stale = buildTargets(ROOT).filter(isStale);
  for (const target of stale.filter((t) => t.workspace !== 'web')) await build(target);
  const web = stale.find((t) => t.workspace === 'web');
  const consoleBuild = web ? build(web) : Promise.resolve();
  // Handled where it is awaited; this only keeps an early failure from being "unhandled".
  consoleBuild.catch(() => {});
  return { consoleBuild };
}

/**
 * A stack on free ports beside a running `npm start` (the e2e suite): its own config from
 * firebase.json with every port handed out by the OS, and a console built for those ports
 * (the console's emulator addresses are fixed at build time).
 */
async function prepareFreePorts({ emulators, env, name, mailSmtpPort }) {
  const base = JSON.parse(readFileSync(FIREBASE_JSON, 'utf8'));
  const { config, endpoints } = await freePortConfig(base, emulators);
  // The functions' params of this stack: its own mail catcher, its own console (for mail links).
  const envDir = mkdtempSync(join(tmpdir(), `functions-env-${name}-`));
  useFunctionsEnv(config, ROOT, envDir, {
    MAIL_SMTP_PORT: String(mailSmtpPort),
    CONSOLE_URL: `http://${endpoints.hosting.host}:${endpoints.hosting.port}`,
  });
  // Outside .firebase/, whose dot-folder Hosting's `**/.*` ignore might match.
  const consoleDir = mkdtempSync(join(tmpdir(), `console-${name}-`));
  const at = (emulator) => `${endpoints[emulator].host}:${endpoints[emulator].port}`;
  const code = await run(
    'npx',
    ['vite', 'build', '--outDir', consoleDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: join(ROOT, 'web'),
      env: {
        ...env,
        VITE_EMULATOR_AUTH: at('auth'),
        VITE_EMULATOR_FIRESTORE: at('firestore'),
        VITE_EMULATOR_FUNCTIONS: at('functions'),
        VITE_EMULATOR_STORAGE: at('storage'),
      },
    },
  );
  if (code !== 0) throw new StackError(`Building the console for ${name} failed (exit ${code}).`);
  // Relative: the Hosting emulator joins `public` to the project folder (an absolute path 404s).
  config.hosting = { ...config.hosting, public: relative(ROOT, consoleDir) };
  const configPath = join(ROOT, `.firebase.${name}-${process.pid}.json`);
  writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);
  // Eventarc, Cloud Tasks and logging get ports so they never take a default one, but are not
  // waited for: firebase-tools starts them only when needed.
  const waited = new Set([...emulators, 'hub', 'firestore websocket']);
  const ports = Object.entries(endpoints)
    .filter(([emulator]) => waited.has(emulator))
    .map(([emulator, at]) => ({ name: emulator, ...at }));
  return { configPath, consoleDir, envDir, ports };
}

/**
 * Starts the stack and resolves once the console answers.
 * @param {{ fresh?: boolean, persist?: boolean, seed?: 'auto'|'always'|'never',
 *   firestore?: 'auto'|'official'|'own',
 *   scheduler?: boolean, verbose?: boolean, log?: (line: string) => void,
 *   onFatal?: (message: string) => void }} options
 *   persist: import .emulator-data at start (unless fresh) and export it on exit.
 *   firestore: the Firestore engine (default: FIRESTORE_ENGINE, else auto; see emulator-binaries).
 *   freePorts: a name (e.g. "e2e") to run on free ports beside `npm start` instead of the ports
 *   of firebase.json; such a stack never imports or saves .emulator-data.
 */
export async function startStack(options = {}) {
  const {
    fresh = false,
    persist = true,
    seed = 'auto',
    scheduler = true,
    verbose = false,
    firestore,
    freePorts = null,
    log = (line) => console.log(line),
    onFatal = () => {},
  } = options;
  const { timings, phase, record } = phaseTimer(verbose ? log : null);
  const startedAt = performance.now();

  // Ports and Java first, so a second `npm start` or a missing JDK fails at once rather than
  // after an install and builds. Optional emulators' ports are checked once we know.
  if (freePorts && persist) throw new StackError('A stack on free ports cannot persist data.');
  const mailPorts = mailCatcherPorts(ROOT);
  if (!freePorts) {
    await phase('port check', () =>
      checkPorts([
        ...stackPorts().filter(({ name }) => !['ui', 'logging', 'pubsub'].includes(name)),
        ...mailCatcherEntries(mailPorts),
      ]),
    );
  }
  const jdk = await phase('JDK', () => {
    try {
      return findJdk();
    } catch (error) {
      throw new StackError(error.message);
    }
  });
  await phase('install check', async () => {
    try {
      return await ensureInstalled(ROOT, log);
    } catch (error) {
      throw new StackError(error.message);
    }
  });
  // The seed and the scheduler read the shared model, which is TypeScript: load it through tsx
  // (installed by now), so this script itself needs no build step.
  const { register } = await import('tsx/esm/api');
  register();
  let binaries;
  try {
    binaries = chooseEmulatorBinaries(ROOT, { engine: firestore });
  } catch (error) {
    throw new StackError(error.message);
  }
  const pubsub = await phase('Pub/Sub emulator', () =>
    ensurePubsubEmulator(ROOT, { env: withJdk(process.env, jdk), firebaseBin: FIREBASE_BIN }),
  );
  const env = {
    ...withJdk(process.env, jdk),
    ...binaries.env,
    ...pubsub.env,
    ...OFFLINE_ENV,
  };
  const emulators = [...EMULATORS, ...(pubsub.missing ? [] : ['pubsub'])];
  let ports = stackPorts().filter(
    ({ name }) =>
      (binaries.ui || (name !== 'ui' && name !== 'logging')) &&
      (name !== 'pubsub' || !pubsub.missing),
  );
  const { consoleBuild } = await ensureBuilt(phase, env, log);
  // The mail the functions send lands here (docs/local-stack.md#mail): before the emulators, so
  // no page is lost. Its packages are dependencies, so it is imported after the install check.
  const { startMailCatcher } = await import('../../testkit/src/mail-catcher.mjs');
  let catcher;
  try {
    catcher = await phase('mail catcher', () =>
      startMailCatcher(freePorts ? {} : { smtpPort: mailPorts.smtp, httpPort: mailPorts.inbox }),
    );
  } catch (error) {
    throw new StackError(`The mail catcher did not start: ${error.message}`);
  }
  const tmp = prepareTmpAndData({ persist, log });
  env.TMPDIR = tmp.path;
  let configPath = EFFECTIVE_CONFIG;
  /** Files and folders of a free-ports stack, removed when it stops. */
  const generated = [];
  if (freePorts) {
    const prepared = await phase('free ports', () =>
      prepareFreePorts({ emulators, env, name: freePorts, mailSmtpPort: catcher.smtp.port }),
    ).catch(async (error) => {
      await catcher.stop();
      throw error;
    });
    configPath = prepared.configPath;
    generated.push(prepared.configPath, prepared.consoleDir, prepared.envDir);
    ports = prepared.ports;
  } else {
    // Again, now with the UI's ports if it is on: builds can take a while.
    await checkPorts(ports);
    writeEffectiveConfig(FIREBASE_JSON, EFFECTIVE_CONFIG, { ui: binaries.ui });
  }
  const hasData = existsSync(join(DATA_DIR, 'firebase-export-metadata.json'));
  const importing = persist && !fresh && hasData;
  const conflict = importing && savedDataConflict(DATA_DIR, binaries.firestore.engine);
  if (conflict) {
    await catcher.stop();
    throw new StackError(conflict);
  }
  const args = [
    FIREBASE_BIN,
    'emulators:start',
    '--project',
    PROJECT_ID,
    '--config',
    configPath,
    '--only',
    emulators.join(','),
  ];
  if (importing) args.push('--import', DATA_DIR);

  const firebaseLog = join(LOG_DIR, freePorts ? `emulators-${freePorts}.log` : 'emulators.log');
  let allReady = false;
  /** Set from firebase-tools' output when one of its emulators dies. */
  let diedEmulator = null;
  const preloads = PRELOADS.flatMap((file) => ['--require', file]);
  const firebase = startProcess(process.execPath, [...preloads, ...args], {
    cwd: ROOT,
    env,
    logFile: firebaseLog,
    onLine: (line) => {
      if (line.includes('All emulators ready')) allReady = true;
      const died = /(\w+): Fatal error occurred|(\w+(?: \w+)?) has exited/.exec(line);
      if (died) diedEmulator ??= (died[1] ?? died[2]).toLowerCase();
      if (verbose || isWorthShowing(line)) {
        log(line.startsWith('>  ') ? line : `[emulators] ${line}`);
      }
    },
  });
  let firebaseExit = null;
  void firebase.exited.then((result) => (firebaseExit = result));

  const stack = {
    firebase,
    jdk,
    binaries,
    pubsub,
    timings,
    /** The mail catcher's inbox (web page and `/api/messages`). */
    mailInboxUrl: catcher.url,
    logs: { firebase: firebaseLog, firestore: logPathFor('firestore', firebaseLog) },
    stopScheduler: () => {},
    stopMailbox: () => {},
    stopMonitor: () => {},
    /** Periodic saves of .emulator-data (when persisting), from console ready on. */
    saver: null,
    stopping: false,
    get diedEmulator() {
      return diedEmulator;
    },
    /**
     * Saves the data one last time (unless `save` is false: a broken suite cannot export), then
     * stops firebase-tools gracefully, SIGKILL after `graceMs`.
     */
    async stop({ graceMs = 60_000, save = true } = {}) {
      if (stack.stopping) return firebase.exited;
      stack.stopping = true;
      stack.stopScheduler();
      stack.stopMailbox();
      stack.stopMonitor();
      if (stack.saver) await saveOnExit(stack.saver, { save, log });
      const result = await firebase.stop({ signal: 'SIGINT', graceMs });
      await catcher.stop();
      tmp.remove();
      for (const path of generated) rmSync(path, { recursive: true, force: true });
      return result;
    },
  };
  const failStart = async (message) => {
    await stack.stop();
    throw new StackError(message);
  };

  const emulatorsStarted = performance.now();
  const emulatorPorts = ports.filter(({ name }) => name !== 'firestore websocket');
  const upAfter = {};
  const up = await Promise.all(
    emulatorPorts.map(async ({ name, host, port }) => {
      const ok = await waitFor(() => isListening(port, host), {
        timeoutMs: 120_000,
        abort: () => firebaseExit !== null,
      });
      if (ok) upAfter[name] = performance.now() - emulatorsStarted;
      return ok;
    }),
  );
  const everyoneUp =
    up.every(Boolean) &&
    (await waitFor(async () => allReady, {
      timeoutMs: 60_000,
      abort: () => firebaseExit !== null,
    }));
  if (!everyoneUp) {
    const missing = emulatorPorts.filter((_, i) => !up[i]).map((p) => `${p.name} (${p.port})`);
    const why = firebaseExit
      ? `firebase-tools exited (code ${firebaseExit.code ?? firebaseExit.signal})`
      : `not up: ${missing.join(', ') || 'waiting for "All emulators ready"'}`;
    const logs = [
      firebaseLog,
      ...missing.filter((m) => m.startsWith('firestore')).map(() => stack.logs.firestore),
    ];
    await failStart(
      `The emulator suite did not start: ${why}.\nLogs: ${[...new Set(logs)].join(', ')}`,
    );
  }
  for (const [name, ms] of Object.entries(upAfter).sort((a, b) => a[1] - b[1])) {
    record(`  ${name} up`, ms);
  }
  record('emulators ready', performance.now() - emulatorsStarted);

  const endpoints = Object.fromEntries(
    ports.map(({ name, host, port }) => [name, `${host}:${port}`]),
  );
  // Anything in this process that talks to the emulators (seed, scheduler) finds them here.
  Object.assign(process.env, {
    FIRESTORE_EMULATOR_HOST: endpoints.firestore,
    FIREBASE_AUTH_EMULATOR_HOST: endpoints.auth,
    FIREBASE_STORAGE_EMULATOR_HOST: endpoints.storage,
    GCLOUD_PROJECT: PROJECT_ID,
    METADATA_SERVER_DETECTION: 'none',
  });

  let seeded = false;
  try {
    await phase('seed', async () => {
      if (seed === 'never') return 'skipped';
      const { hasDemoData } = await import('../seed/presence.mjs');
      if (seed === 'auto' && !fresh && (await hasDemoData(endpoints.firestore))) {
        return 'data present';
      }
      const { seedDemoData } = await import('../seed/index.mjs');
      const summary = await seedDemoData();
      seeded = true;
      log(`Seeded demo data: ${summary}`);
      return summary;
    });
  } catch (error) {
    await failStart(`Seeding failed: ${error.message}\nEmulator log: ${firebaseLog}`);
  }

  try {
    await consoleBuild;
  } catch (error) {
    await failStart(error.message);
  }
  const consoleUrl = `http://${endpoints.hosting}/`;
  await phase('console', async () => {
    const ok = await waitFor(
      async () => {
        try {
          const response = await fetch(consoleUrl);
          return response.ok && (await response.text()).includes('<div id="root"');
        } catch {
          return false;
        }
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    if (!ok) await failStart(`The console did not answer at ${consoleUrl}. Log: ${firebaseLog}`);
  });
  record('total to console ready', performance.now() - startedAt);

  if (scheduler) {
    const { startScheduler } = await import('./scheduler.mjs');
    stack.stopScheduler = startScheduler({
      pubsubHost: pubsub.missing ? null : endpoints.pubsub,
      authHost: endpoints.auth,
      functionsHost: endpoints.functions,
      projectId: PROJECT_ID,
      region: REGION,
      log,
    });
  }
  if (scheduler) {
    // A developer's stack prints the Auth emulator's mail (the e2e suite reads it itself).
    const { startLocalMailbox } = await import('./local-mailbox.mjs');
    stack.stopMailbox = startLocalMailbox({ authHost: endpoints.auth, projectId: PROJECT_ID, log });
  }
  if (persist) {
    stack.saver = startPeriodicExport({ hubHost: endpoints.hub, dataDir: DATA_DIR, log });
    // Freshly seeded data is saved at once: a crash in the first minute must not bring back the
    // data a `--fresh` start replaced.
    if (seeded) {
      stack.saver.saveNow().catch((error) => log(`[saved] not saved: ${error.message}`));
    }
  }
  stack.stopMonitor = monitor({ stack, ports: emulatorPorts, firebaseLog, onFatal, log });
  return { ...stack, stop: stack.stop, consoleUrl, endpoints };
}

/** The mail catcher's two fixed ports, named for the port check. */
function mailCatcherEntries({ smtp, inbox }) {
  return [
    { name: 'mail catcher (SMTP)', host: '127.0.0.1', port: smtp },
    { name: 'mail catcher (inbox)', host: '127.0.0.1', port: inbox },
  ];
}

/**
 * Watches the running stack: firebase-tools exiting, or an emulator that stops answering on its
 * port, takes the whole stack down (never a half-running stack) and reports the log to read.
 */
function monitor({ stack, ports, firebaseLog, onFatal, log }) {
  let stopped = false;
  const fatal = async (message) => {
    if (stopped || stack.stopping) return;
    stopped = true;
    const saved = stack.saver?.lastSaved;
    const kept = saved
      ? `\nThe data saved at ${saved.toTimeString().slice(0, 8)} is kept in .emulator-data.`
      : '';
    log(`\n${message}${kept}\nStopping the rest of the stack ...`);
    // A broken suite cannot export; do not wait long for its clean shutdown.
    await stack.stop({ graceMs: 10_000, save: false });
    onFatal(message);
  };
  void stack.firebase.exited.then((result) => {
    if (stack.stopping) return;
    const died = stack.diedEmulator;
    const logs = [...new Set([died && logPathFor(died, firebaseLog), firebaseLog].filter(Boolean))];
    void fatal(
      `${died ? `The ${died} emulator died and took` : 'firebase-tools exited and took'} the ` +
        `emulator suite down (exit ${result.code ?? result.signal}). Logs: ${logs.join(', ')}`,
    );
  });
  const timer = setInterval(async () => {
    for (const { name, host, port } of ports) {
      if (stopped || stack.stopping) return;
      // Two misses in a row: one slow accept under load is not a death.
      if (!(await isListening(port, host, 1000)) && !(await isListening(port, host, 2000))) {
        stack.firebase.snapshotTree();
        await fatal(
          `The ${name} emulator stopped answering on port ${port}; the stack was stopped.\n` +
            `Log: ${logPathFor(name, firebaseLog)}`,
        );
        return;
      }
    }
  }, 2000);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

/**
 * Before the emulators start: this stack's own TMPDIR (stale ones of dead stacks removed), and
 * the saved data put back in order if a save was interrupted by a crash.
 */
function prepareTmpAndData({ persist, log }) {
  removeStaleTmpDirs(ROOT);
  if (persist) {
    removeHubLeftovers(ROOT);
    const recovered = recoverSavedData(DATA_DIR);
    if (recovered) log(recovered);
  }
  return createStackTmpDir(ROOT);
}

/** The last save when stopping; one line either way. */
async function saveOnExit(saver, { save, log }) {
  await saver.stop();
  if (!save) return;
  try {
    const result = await saver.saveNow();
    if (!result.changed) log('[saved] .emulator-data was already up to date.');
  } catch (error) {
    const at = saver.lastSaved?.toTimeString().slice(0, 8);
    log(
      `[saved] not saved on exit (${error.message})${at ? `; .emulator-data is from ${at}` : ''}.`,
    );
  }
}

export function formatTimings(timings) {
  return timings
    .map(({ name, ms }) => `${name.padEnd(28)} ${(ms / 1000).toFixed(2).padStart(7)} s`)
    .join('\n');
}

/** The start banner's Firestore line: which engine runs, and why. */
export function describeFirestore({ engine, binary, reason }) {
  const name =
    engine === 'official'
      ? "Google's official emulator"
      : "the project's own emulator, refusing queries firestore.indexes.json cannot serve";
  return `${name} (${reason}: ${binary}); choose with --firestore official|own`;
}
