import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  parseIndexFile,
  type IndexConfig,
} from '../../emulator/src/firestore/engine/index-config.js';
import { planQuery } from '../../emulator/src/firestore/engine/index-planner.js';
import {
  consoleShapes,
  functionShapes,
  reportsFilterShapes,
  structuredQuery,
  type QueryShape,
} from './shapes.js';

/**
 * Every query the console and the functions issue must be servable in production by
 * firestore.indexes.json (plus automatic single-field indexes), judged by the emulator's index
 * planner. A shape that is not served fails the test with the entry to add.
 */

const here = dirname(fileURLToPath(import.meta.url));
const INDEXES_FILE = join(here, '..', '..', 'firestore.indexes.json');
/** firestore.indexes.json as it was before the reports-list indexes (issue 9). */
const BEFORE_FILE = join(here, 'fixtures', 'firestore.indexes.before.json');

const load = (file: string): IndexConfig => parseIndexFile(readFileSync(file, 'utf8'));

/** Composite indexes no shape needs (merging serves their queries), kept on purpose, with why. */
const KEPT_UNNEEDED: Record<string, string> = {
  'incident_reports(nearestCampus ASCENDING, isArchived ASCENDING, timestamp DESCENDING)':
    "IMT's default reports list in one index scan instead of a merge of two",
  'incident_reports(nearestCampus ASCENDING, isArchived ASCENDING, status ASCENDING, timestamp ASCENDING)':
    "IMT's triage queues (the reports screen's default view) in one index scan instead of a merge",
};

function unserved(config: IndexConfig, shapes: QueryShape[]): string[] {
  const problems: string[] = [];
  for (const shape of shapes) {
    const plan = planQuery(config, {
      collectionId: shape.collection,
      allDescendants: shape.group ?? false,
      structuredQuery: structuredQuery(shape),
    });
    if (!plan.served)
      problems.push(`${shape.source}\n  add to "${plan.section}": ${JSON.stringify(plan.entry)}`);
  }
  return problems;
}

const describeIndex = (i: IndexConfig['composites'][number]): string =>
  `${i.collectionGroup}(${i.fields.map((f) => `${f.fieldPath} ${f.mode}`).join(', ')})`;

describe('query shapes against firestore.indexes.json', () => {
  const config = load(INDEXES_FILE);
  const shapes = [...consoleShapes(), ...functionShapes()];

  it('enumerates the console and functions queries', () => {
    // 4 scopes x 2^8 filter combinations of the reports list, plus the other screens and lookups.
    assert.ok(shapes.length > 1024, `only ${shapes.length} shapes`);
    assert.equal(reportsFilterShapes().length, 36);
  });

  it('serves every query shape', () => {
    const problems = unserved(config, shapes);
    assert.deepEqual(problems, [], `queries production could not serve:\n${problems.join('\n')}`);
  });

  it('the indexes before issue 9 served 1 of the 36 reports-list filter shapes; the file now serves all', () => {
    const reports = reportsFilterShapes();
    assert.equal(reports.length - unserved(load(BEFORE_FILE), reports).length, 1);
    assert.deepEqual(unserved(config, reports), []);
  });

  it('needs every composite index it defines (each one removed leaves a shape unserved)', () => {
    const unneeded = config.composites
      .filter((index) => {
        const without = { ...config, composites: config.composites.filter((c) => c !== index) };
        return unserved(without, shapes).length === 0;
      })
      .map(describeIndex);
    assert.deepEqual(unneeded, Object.keys(KEPT_UNNEEDED));
  });

  it('stays far inside Firestore’s 200 composite indexes; prints the figures', () => {
    const before = load(BEFORE_FILE).composites.length;
    const after = config.composites.length;
    assert.ok(after <= 50, `${after} composite indexes`);
    const targets = shapes.map((shape) => ({
      collectionId: shape.collection,
      allDescendants: shape.group ?? false,
      structuredQuery: structuredQuery(shape),
    }));
    const rounds = 20;
    for (const target of targets) planQuery(config, target); // warm-up (JIT)
    const started = process.hrtime.bigint();
    for (let r = 0; r < rounds; r++) for (const target of targets) planQuery(config, target);
    const perQuery = Number(process.hrtime.bigint() - started) / 1000 / (rounds * targets.length);
    console.log(
      `      composite indexes: ${before} before, ${after} now; ${shapes.length} query shapes; planner ${perQuery.toFixed(1)} µs per query`,
    );
  });
});
