import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../support/emulator.js';

/**
 * Trigger delivery through the real Functions emulator: `firebase emulators:exec --only
 * firestore,functions` starts our emulator through FIRESTORE_EMULATOR_BINARY_PATH (the launcher
 * jar), the Functions emulator registers the fixture's v2 triggers with it, and the driver's
 * writes must reach each trigger with the right before/after data, in commit order.
 */

const here = dirname(fileURLToPath(import.meta.url));
const fixture = join(here, 'fixture');
const emulatorRoot = join(here, '..', '..');
const repoRoot = join(emulatorRoot, '..');
const jar = join(emulatorRoot, 'dist', 'firestore-emulator.jar');
const JDK = process.env.JAVA_HOME_FOR_EMULATOR ?? '/usr/lib/jvm/temurin-25-jdk-amd64';

interface LogEntry {
  kind: string;
  document: string;
  params: Record<string, string>;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: string;
}

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('triggers through firebase emulators:exec', function () {
  this.timeout(180_000);
  let log: LogEntry[];

  before(async function () {
    const build = await run(
      process.execPath,
      [join(emulatorRoot, 'scripts', 'build.mjs')],
      process.env,
      emulatorRoot,
    );
    assert.equal(build.code, 0, build.output);
    assert.ok(
      existsSync(jar),
      `the launcher jar was not built (is a JDK installed?):\n${build.output}`,
    );
    const work = mkdtempSync(join(tmpdir(), 'trigger-log-'));
    const out = join(work, 'log.json');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      FIRESTORE_EMULATOR_BINARY_PATH: jar,
      JAVA_HOME: JDK,
      PATH: `${join(JDK, 'bin')}${delimiter}${process.env.PATH ?? ''}`,
      CI: '1',
    };
    delete env.FIRESTORE_EMULATOR_HOST;
    // The fixture's firebase.json with free ports, so parallel runs and a running stack don't collide.
    const config = JSON.parse(readFileSync(join(fixture, 'firebase.json'), 'utf8'));
    for (const name of ['firestore', 'functions', 'hub', 'logging'])
      config.emulators[name].port = await freePort();
    config.emulators.firestore.websocketPort = await freePort();
    const configPath = join(fixture, `firebase.test-${process.pid}.json`);
    writeFileSync(configPath, JSON.stringify(config, null, 2));
    try {
      const exec = await run(
        join(repoRoot, 'node_modules', '.bin', 'firebase'),
        [
          'emulators:exec',
          '--config',
          configPath,
          '--only',
          'firestore,functions',
          '--project',
          'demo-e2-triggers',
          `node driver.mjs ${out}`,
        ],
        env,
        fixture,
      );
      assert.equal(exec.code, 0, exec.output);
      assert.ok(existsSync(out), `the driver wrote no log:\n${exec.output}`);
      log = JSON.parse(readFileSync(out, 'utf8')) as LogEntry[];
    } finally {
      rmSync(configPath, { force: true });
      rmSync(join(fixture, 'firestore-debug.log'), { force: true });
      rmSync(work, { recursive: true, force: true });
    }
  });

  const of = (kind: string) => log.filter((e) => e.kind === kind);

  it('fires onDocumentCreated once with the new data and the wildcard params', function () {
    assert.deepEqual(
      of('created').map((e) => ({
        document: e.document,
        params: e.params,
        before: e.before,
        after: e.after,
      })),
      [{ document: 'watched/a', params: { id: 'a' }, before: null, after: { v: 1, label: 'one' } }],
    );
  });

  it('fires onDocumentUpdated for each update, in commit order, with before and after', function () {
    assert.deepEqual(
      of('updated').map((e) => [e.before, e.after]),
      [
        [
          { v: 1, label: 'one' },
          { v: 2, label: 'one' },
        ],
        [
          { v: 2, label: 'one' },
          { v: 3, label: 'three' },
        ],
      ],
    );
  });

  it('fires onDocumentDeleted with the last data', function () {
    assert.deepEqual(
      of('deleted').map((e) => [e.before, e.after]),
      [[{ v: 3, label: 'three' }, null]],
    );
  });

  it('fires onDocumentWritten for every change, in commit order', function () {
    assert.deepEqual(
      of('written').map((e) => [e.before?.v ?? null, e.after?.v ?? null]),
      [
        [null, 1],
        [1, 2],
        [2, 3],
        [3, null],
      ],
    );
  });

  it('matches multi-segment patterns and extracts every param', function () {
    assert.deepEqual(
      of('note-created').map((e) => ({ document: e.document, params: e.params, after: e.after })),
      [
        {
          document: 'watched/a/notes/n1',
          params: { id: 'a', noteId: 'n1' },
          after: { text: 'hello' },
        },
      ],
    );
  });
});
