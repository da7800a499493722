import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from '../../src/firestore/server/cli-args.js';
import { adminFirestore, eventually } from '../support/clients.js';
import { buildEmulator, emulatorsExec } from '../support/firebase-tools.js';
import {
  emulatorCommand,
  startEmulator,
  uniqueProjectId,
  type RunningEmulator,
} from '../support/emulator.js';

/**
 * Our extension (the official emulator never enforces indexes, so this suite skips against it):
 * `--require-indexes` with the indexes file from the flag, the environment or firebase.json,
 * reloaded when it changes; firebase-admin (the owner) is refused like any other caller.
 */

const byStateThenPopulation = {
  collectionGroup: 'cities',
  queryScope: 'COLLECTION',
  fields: [
    { fieldPath: 'state', order: 'ASCENDING' },
    { fieldPath: 'population', order: 'DESCENDING' },
  ],
};
const indexesJson = (indexes: unknown[]) => JSON.stringify({ indexes, fieldOverrides: [] });

async function citiesQuery(emulator: RunningEmulator): Promise<string[]> {
  const { db, close } = adminFirestore(emulator, uniqueProjectId('demo-indexes'));
  try {
    await db.doc('cities/sf').set({ state: 'CA', population: 800000 });
    await db.doc('cities/la').set({ state: 'CA', population: 3800000 });
    // Served by automatic single-field indexes whatever the file says.
    assert.equal((await db.collection('cities').where('state', '==', 'CA').get()).size, 2);
    const snap = await db
      .collection('cities')
      .where('state', '==', 'CA')
      .orderBy('population', 'desc')
      .get();
    return snap.docs.map((d) => d.id);
  } finally {
    await close();
  }
}

async function refused(emulator: RunningEmulator): Promise<string> {
  try {
    await citiesQuery(emulator);
  } catch (error) {
    const e = error as { code?: number; details?: string; message: string };
    assert.equal(e.code, 9, `expected FAILED_PRECONDITION, got ${e.message}`);
    return e.details ?? e.message;
  }
  assert.fail('expected the query to be refused for a missing index');
}

describe('command line: --require-indexes and --indexes', () => {
  it('takes --require-indexes alone or with true/false, and --indexes with a path', () => {
    const base = ['--port', '8080'];
    assert.equal(parseArgs(base).requireIndexes, false);
    assert.equal(parseArgs(['--require-indexes', ...base]).requireIndexes, true);
    assert.equal(parseArgs(['--require-indexes', 'false', ...base]).requireIndexes, false);
    assert.equal(parseArgs(['--require_indexes=true']).requireIndexes, true);
    const args = parseArgs(['--require-indexes', '--indexes', '/x/i.json', ...base]);
    assert.deepEqual(
      [args.requireIndexes, args.indexes, args.port, args.ignored],
      [true, '/x/i.json', 8080, []],
    );
    assert.throws(() => parseArgs(['--require-indexes=yes']), /takes no value, or true\/false/);
    assert.throws(() => parseArgs(['--indexes']), /--indexes needs a value/);
  });
});

describe('emulator extension: --require-indexes', function () {
  this.timeout(60_000);
  let dir: string;
  const started: RunningEmulator[] = [];
  const start = async (options: Parameters<typeof startEmulator>[0]) => {
    const e = await startEmulator(options);
    started.push(e);
    return e;
  };

  before(function () {
    if (process.env.CONFORMANCE_EMULATOR_HOST) this.skip();
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'require-indexes-'));
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((e) => e.stop()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('is off without the flag (as in the official emulator)', async () => {
    const emulator = await start({});
    assert.deepEqual(await citiesQuery(emulator), ['la', 'sf']);
  });

  it('refuses a query the file cannot serve, naming the entry; reloads the file when it changes', async () => {
    const file = join(dir, 'firestore.indexes.json');
    writeFileSync(file, indexesJson([]));
    const emulator = await start({ args: ['--require-indexes', '--indexes', file] });
    assert.match(
      emulator.output(),
      /Indexes required: .*firestore\.indexes\.json \(--indexes; 0 composite indexes/,
    );
    const message = await refused(emulator);
    assert.match(
      message,
      /The query requires an index\. Add this entry to the "indexes" array of .*firestore\.indexes\.json:/,
    );
    assert.deepEqual(JSON.parse(message.slice(message.indexOf('{'))), byStateThenPopulation);

    writeFileSync(file, indexesJson([byStateThenPopulation]));
    await eventually(async () => emulator.output().includes('Reloaded indexes'), 'reload');
    assert.deepEqual(await citiesQuery(emulator), ['la', 'sf']);

    // A broken edit is logged and the last good indexes stay in force.
    writeFileSync(file, '{"indexes": [');
    await eventually(
      async () => emulator.output().includes('Indexes not reloaded'),
      'broken file logged',
    );
    assert.match(emulator.output(), /keeping the last good ones\): .*not valid JSON/);
    assert.deepEqual(await citiesQuery(emulator), ['la', 'sf']);
  });

  it('takes FIRESTORE_EMULATOR_REQUIRE_INDEXES=1 and the file firebase.json names in the working directory', async () => {
    mkdirSync(join(dir, 'config'));
    writeFileSync(
      join(dir, 'firebase.json'),
      JSON.stringify({ firestore: { indexes: 'config/idx.json' } }),
    );
    writeFileSync(join(dir, 'config', 'idx.json'), indexesJson([]));
    const emulator = await start({ cwd: dir, env: { FIRESTORE_EMULATOR_REQUIRE_INDEXES: '1' } });
    assert.match(emulator.output(), /config\/idx\.json \(named by .*firebase\.json/);
    await refused(emulator);
  });

  it('finds firebase.json beside --rules (firebase-tools passes the rules path absolute)', async () => {
    const project = join(dir, 'project');
    mkdirSync(project);
    writeFileSync(
      join(project, 'firebase.json'),
      JSON.stringify({ firestore: { indexes: 'firestore.indexes.json' } }),
    );
    writeFileSync(join(project, 'firestore.indexes.json'), indexesJson([byStateThenPopulation]));
    writeFileSync(
      join(project, 'firestore.rules'),
      "rules_version = '2';\nservice cloud.firestore { match /databases/{db}/documents { match /{d=**} { allow read, write: if true; } } }\n",
    );
    const emulator = await start({
      env: { FIRESTORE_EMULATOR_REQUIRE_INDEXES: 'true' },
      args: ['--rules', join(project, 'firestore.rules')],
    });
    assert.match(emulator.output(), /1 composite indexes/);
    assert.deepEqual(await citiesQuery(emulator), ['la', 'sf']);
  });

  it('exits with a clear message when the indexes file is missing or broken at start', async () => {
    const broken = join(dir, 'broken.json');
    writeFileSync(
      broken,
      JSON.stringify({
        indexes: [{ collectionGroup: 'a', fields: [{ fieldPath: 'x', order: 'UP' }] }],
      }),
    );
    for (const [file, message] of [
      [join(dir, 'nope.json'), /cannot read .*nope\.json/],
      [broken, /broken\.json: indexes\[0\]\.fields\[0\]\.order must be ASCENDING or DESCENDING/],
    ] as const) {
      const [command, ...base] = emulatorCommand();
      const child = spawn(
        command!,
        [...base, '--port', '0', '--require-indexes', '--indexes', file],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      assert.equal(code, 1, output);
      assert.match(output, message);
    }
  });

  it('works under firebase emulators:exec through FIRESTORE_EMULATOR_REQUIRE_INDEXES, with the file firebase.json names', async function () {
    this.timeout(180_000);
    await buildEmulator();
    const fixture = join(dirname(fileURLToPath(import.meta.url)), 'fixture-indexes');
    const out = join(dir, 'outcome.json');
    process.env.FIRESTORE_EMULATOR_REQUIRE_INDEXES = '1';
    try {
      const result = await emulatorsExec(fixture, {
        only: 'firestore',
        project: 'demo-indexes-exec',
        script: `node query.mjs ${out}`,
      });
      assert.equal(result.code, 0, result.output);
    } finally {
      delete process.env.FIRESTORE_EMULATOR_REQUIRE_INDEXES;
    }
    const outcome = JSON.parse(readFileSync(out, 'utf8')) as { code?: number; message?: string };
    assert.equal(outcome.code, 9, JSON.stringify(outcome));
    assert.match(outcome.message!, /fixture-indexes\/firestore\.indexes\.json/);
  });
});
