import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  startEmulator,
  uniqueProjectId,
  type RunningEmulator,
} from '../../emulator/test/support/emulator.js';
import { incidentKeywords } from '@campus-safety/model';
import { toFirestoreFields } from '@campus-safety/testkit/firestore-values';
import { reportsFilterShapes, structuredQuery, type QueryShape } from './shapes.js';

/**
 * The reports-list filters through our emulator with `--require-indexes`, as the console's
 * queries reach it (REST runQuery with the owner token: admin callers are not exempt in
 * production either): the index file before issue 9 refuses 35 of the 36 filter shapes with
 * FAILED_PRECONDITION naming the index to add; today's file serves all 36 with the right results.
 */

const here = dirname(fileURLToPath(import.meta.url));
const INDEXES_FILE = join(here, '..', '..', 'firestore.indexes.json');
const BEFORE_FILE = join(here, 'fixtures', 'firestore.indexes.before.json');

interface Report {
  id: string;
  isArchived: boolean;
  nearestCampus: string;
  status: string;
  threatLevel: string;
  incidentType: string;
  tags: string[];
  email: string;
  reporterId: string;
  timestamp: Date;
  keywords: string[];
}

/** Reports covering every value the filter shapes ask for, and others, in both campuses. */
const REPORTS: Report[] = Array.from({ length: 24 }, (_, i) =>
  withKeywords({
    id: `r${String(i).padStart(2, '0')}`,
    isArchived: i % 7 === 6,
    nearestCampus: i % 2 === 0 ? 'main' : 'north',
    status: ['Reported', 'Processing', 'Responded'][i % 3]!,
    threatLevel: i % 4 < 2 ? 'High' : 'Low',
    incidentType: i % 5 < 2 ? 'Fire' : 'Theft',
    tags: i % 3 === 0 ? ['night'] : i % 3 === 1 ? ['day', 'night'] : ['day'],
    email: i % 4 === 1 ? 'jo@campus.edu' : 'al@campus.edu',
    reporterId: `user-${i % 3}`,
    timestamp: new Date(Date.UTC(2026, 2, 1 + i, 8)),
  }),
);

/** The search words the keywords trigger would give the report. */
function withKeywords(report: Omit<Report, 'keywords'>): Report {
  return { ...report, keywords: incidentKeywords(report) };
}

function expected(shape: QueryShape): string[] {
  return REPORTS.filter((r) =>
    shape.wheres.every((w) => {
      const value = r[w.field as keyof Report];
      if (w.op === '==') return value === w.value;
      if (w.op === 'array-contains') return (value as string[]).includes(w.value as string);
      if (w.op === 'array-contains-any')
        return (w.value as string[]).some((v) => (value as string[]).includes(v));
      throw new Error(`no model for ${w.op} in this test`);
    }),
  )
    .sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime())
    .map((r) => r.id);
}

async function rest(emulator: RunningEmulator, path: string, body: unknown) {
  const response = await fetch(`${emulator.baseUrl}/v1/${path}`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function seed(emulator: RunningEmulator, project: string): Promise<void> {
  const documents = `projects/${project}/databases/(default)/documents`;
  const writes = REPORTS.map(({ id, ...fields }) => ({
    update: {
      name: `${documents}/incident_reports/${id}`,
      fields: toFirestoreFields(fields),
    },
  }));
  const { status } = await rest(emulator, `${documents}:commit`, { writes });
  assert.equal(status, 200);
}

interface Outcome {
  shape: QueryShape;
  ids?: string[];
  error?: { status: string; message: string };
}

async function runAll(emulator: RunningEmulator, project: string): Promise<Outcome[]> {
  const documents = `projects/${project}/databases/(default)/documents`;
  const outcomes: Outcome[] = [];
  for (const shape of reportsFilterShapes()) {
    const { status, body } = await rest(emulator, `${documents}:runQuery`, {
      structuredQuery: structuredQuery(shape),
    });
    if (status === 200) {
      const rows = body as unknown as { document?: { name: string } }[];
      outcomes.push({
        shape,
        ids: rows.flatMap((r) => (r.document ? [r.document.name.split('/').pop()!] : [])),
      });
    } else {
      outcomes.push({ shape, error: (body as { error: Outcome['error'] }).error });
    }
  }
  return outcomes;
}

describe('reports-list filters through the emulator with --require-indexes', function () {
  this.timeout(120_000);
  let emulator: RunningEmulator | null = null;
  afterEach(async () => {
    await emulator?.stop();
    emulator = null;
  });

  async function withIndexes(file: string): Promise<Outcome[]> {
    emulator = await startEmulator({ args: ['--require-indexes', '--indexes', file] });
    const project = uniqueProjectId('demo-indexes');
    await seed(emulator, project);
    return runAll(emulator, project);
  }

  it('the indexes before issue 9 refuse 35 of the 36 shapes, naming the index to add', async () => {
    const outcomes = await withIndexes(BEFORE_FILE);
    const served = outcomes.filter((o) => o.ids);
    assert.deepEqual(
      served.map((o) => o.shape.source),
      ['web reports list (query-spec.ts), Admin + campus'],
    );
    for (const { shape, error } of outcomes.filter((o) => o.error)) {
      assert.equal(error!.status, 'FAILED_PRECONDITION', shape.source);
      assert.match(
        error!.message,
        /The query requires an index\. Add this entry to the "indexes" array of /,
      );
      const entry = JSON.parse(error!.message.slice(error!.message.indexOf('{'))) as {
        collectionGroup: string;
        fields: { fieldPath: string }[];
      };
      assert.equal(entry.collectionGroup, 'incident_reports');
      assert.equal(entry.fields.at(-1)?.fieldPath, 'timestamp');
    }
  });

  it('firestore.indexes.json serves all 36 with the right results', async () => {
    const outcomes = await withIndexes(INDEXES_FILE);
    const refused = outcomes
      .filter((o) => o.error)
      .map((o) => `${o.shape.source}: ${o.error!.message}`);
    assert.deepEqual(refused, []);
    for (const { shape, ids } of outcomes) assert.deepEqual(ids, expected(shape), shape.source);
    assert.ok(
      outcomes.filter((o) => o.ids!.length > 0).length >= 30,
      'most shapes match some reports, so the results are meaningful',
    );
  });
});
