/**
 * CLI entry of the offline Firestore emulator: `firestore-emulator --host 127.0.0.1 --port 8080
 * --project_id p --rules firestore.rules ...`, as firebase-tools starts it through
 * FIRESTORE_EMULATOR_BINARY_PATH (via the launcher jar). Serves gRPC, REST, WebChannel and the
 * emulator endpoints on one port until SIGINT/SIGTERM or until its parent process dies.
 */
import { readFileSync } from 'node:fs';
import { createFirestoreRulesAuthorizer } from '../rules/firestore-authorizer.js';
import { EMPTY_INDEX_CONFIG } from './engine/index-config.js';
import { createFirestoreEngine, type FirestoreEngine } from './engine/index.js';
import { ArgsError, parseArgs, type EmulatorArgs } from './server/cli-args.js';
import { importDirectoryOf } from './server/emulator-endpoints.js';
import { HotspotReporter } from './server/hotspots.js';
import { RulesReadsReporter } from './server/rules-reads.js';
import {
  describe,
  findIndexesFile,
  loadIndexesFile,
  watchIndexesFile,
} from './server/indexes-file.js';
import { ProjectRules, rulesIssuesOf, type LoadableAuthorizer } from './server/rules.js';
import { startEmulatorServer, type EmulatorServer } from './server/server.js';
import { warnOnOtherProjects } from './server/single-project.js';
import { TriggerRegistry } from './server/triggers.js';
import { createWebChannelHandler } from './webchannel/index.js';

const log = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

function fatal(message: string, code = 1): never {
  process.stderr.write(`firestore-emulator: ${message}\n`);
  process.exit(code);
}

/** Set by --report-rules-reads before any ruleset is made. */
let rulesReads: RulesReadsReporter | null = null;

const createRulesAuthorizer = (): LoadableAuthorizer =>
  createFirestoreRulesAuthorizer({
    logger: log,
    ...(rulesReads ? { onReads: rulesReads.record.bind(rulesReads) } : {}),
  });

function loadStartupRules(args: EmulatorArgs, rules: ProjectRules): void {
  if (!args.rules) return;
  let source: string;
  try {
    source = readFileSync(args.rules, 'utf8');
  } catch (error) {
    fatal(`cannot read the rules file ${args.rules}: ${(error as Error).message}`);
  }
  try {
    rules.load(null, source, args.rules);
  } catch (error) {
    const issues = rulesIssuesOf(error);
    if (!issues) throw error;
    fatal(
      `the rules file has errors:\n${issues.map((i) => `${args.rules}:${i.line}:${i.column}: ${i.message}`).join('\n')}`,
    );
  }
  log(`Loaded security rules from ${args.rules}`);
}

/** `--require-indexes` (or FIRESTORE_EMULATOR_REQUIRE_INDEXES=1, as firebase-tools fixes our flags). */
function enforceIndexes(args: EmulatorArgs, engine: FirestoreEngine): void {
  const fromEnv = process.env.FIRESTORE_EMULATOR_REQUIRE_INDEXES;
  if (!args.requireIndexes && fromEnv !== '1' && fromEnv !== 'true') {
    if (args.indexes) log('--indexes has no effect without --require-indexes.');
    return;
  }
  let choice: ReturnType<typeof findIndexesFile>;
  try {
    choice = findIndexesFile({
      flag: args.indexes,
      env: process.env,
      cwd: process.cwd(),
      rules: args.rules,
    });
  } catch (error) {
    fatal((error as Error).message);
  }
  if (!choice) {
    engine.indexes.set(EMPTY_INDEX_CONFIG);
    log(
      'Indexes required, but no indexes file was found (--indexes, FIRESTORE_EMULATOR_INDEXES or firebase.json): only automatic single-field indexes serve queries.',
    );
    return;
  }
  let config: ReturnType<typeof loadIndexesFile>;
  try {
    config = loadIndexesFile(choice.file);
  } catch (error) {
    fatal((error as Error).message);
  }
  engine.indexes.set(config, choice.file);
  log(`Indexes required: ${choice.file} (${choice.reason}; ${describe(config)}).`);
  watchIndexesFile(choice.file, (next) => engine.indexes.set(next), log);
}

/** `--report-hotspots` (or FIRESTORE_EMULATOR_REPORT_HOTSPOTS=1, like the indexes flag). */
function reportHotspots(args: EmulatorArgs): HotspotReporter | null {
  const fromEnv = process.env.FIRESTORE_EMULATOR_REPORT_HOTSPOTS;
  if (!args.reportHotspots && fromEnv !== '1' && fromEnv !== 'true') return null;
  log('Reporting hotspots: documents written more than once a second over 10 s windows.');
  return new HotspotReporter({ log });
}

/** `--report-rules-reads` (or FIRESTORE_EMULATOR_REPORT_RULES_READS=1, like the indexes flag). */
function reportRulesReads(args: EmulatorArgs): RulesReadsReporter | null {
  const fromEnv = process.env.FIRESTORE_EMULATOR_REPORT_RULES_READS;
  if (!args.reportRulesReads && fromEnv !== '1' && fromEnv !== 'true') return null;
  log('Reporting rules reads: the most documents each kind of request read, printed on stop.');
  return new RulesReadsReporter();
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  let args: EmulatorArgs;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ArgsError) fatal(error.message, 2);
    throw error;
  }
  for (const flag of args.ignored)
    process.stderr.write(`firestore-emulator: warning: ignoring unknown argument ${flag}\n`);

  // Signals are handled from the start: firebase-tools may stop us while we are still starting.
  let server: EmulatorServer | null = null;
  let hotspots: HotspotReporter | null = null;
  let stopping = false;
  const stop = (reason: string): void => {
    if (stopping) return;
    stopping = true;
    log(`Stopping the Firestore emulator (${reason}).`);
    for (const line of hotspots?.summary() ?? []) log(line);
    for (const line of rulesReads?.summary() ?? []) log(line);
    const forced = setTimeout(() => process.exit(0), 2000);
    forced.unref();
    void (server?.close() ?? Promise.resolve()).then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGHUP', () => stop('SIGHUP'));
  // firebase-tools starts us detached: if it (or the launcher) dies, we are re-parented; stop then.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop('parent process exited');
  }, 1000).unref();

  rulesReads = reportRulesReads(args);
  const rules = new ProjectRules(createRulesAuthorizer, args.projectId);
  loadStartupRules(args, rules);
  const engine = createFirestoreEngine({ authorizer: rules });
  enforceIndexes(args, engine);
  if (args.seedFromExport) {
    const directory = importDirectoryOf(args.seedFromExport);
    try {
      await engine.importFrom(directory);
    } catch (error) {
      fatal(`cannot import ${directory}: ${(error as Error).message}`);
    }
    log(`Imported data from ${directory}`);
  }
  const triggers = new TriggerRegistry({ functionsEmulator: args.functionsEmulator, log });
  engine.onCommit((event) => triggers.onCommit(event));
  hotspots = reportHotspots(args);
  if (hotspots) engine.onCommit((event) => hotspots?.onCommit(event));

  const service =
    args.singleProjectMode && args.projectId
      ? warnOnOtherProjects(engine, args.projectId, log)
      : engine;

  let started: EmulatorServer;
  try {
    started = await startEmulatorServer({
      service,
      rules,
      triggers,
      webChannel: createWebChannelHandler(service, { log }),
      host: args.host,
      port: args.port,
      log,
    });
  } catch (error) {
    fatal((error as Error).message);
  }
  server = started;

  const hostPort = `${started.host.includes(':') ? `[${started.host}]` : started.host}:${started.port}`;
  log(`API endpoint: http://${hostPort}`);
  log(
    'If you are using a library that supports the FIRESTORE_EMULATOR_HOST environment variable, run:\n',
  );
  log(`   export FIRESTORE_EMULATOR_HOST=${hostPort}\n`);
  log(
    `Dev App Server is now running (started in ${Math.round(performance.now() - startedAt)} ms).`,
  );

  // A closed stdout (parent gone) must not kill us before the watch above stops us cleanly.
  process.stdout.on('error', () => undefined);
  // All data lives in this process: a bug in one request's callback is logged, not fatal.
  process.on('uncaughtException', (error) => {
    process.stderr.write(
      `firestore-emulator: internal error (still serving): ${error.stack ?? error.message}\n`,
    );
  });
}

main().catch((error: unknown) =>
  fatal(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
