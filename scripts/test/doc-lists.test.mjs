/**
 * The lists in docs/ that drift when code is added (triggers, callables, the console's feature
 * folders and data modules, the model's modules) held against the code: a trigger added without
 * its row in docs/functions.md, or a row left for a folder that is gone, fails here.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.mjs';

const read = (path) => readFileSync(join(ROOT, path), 'utf8');

/**
 * The names in the first column of the Markdown table whose header's first cell is `header`:
 * every `code span` of that cell (a row may name several).
 */
function firstColumnNames(markdown, header) {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => firstCell(line) === header);
  if (start === -1) throw new Error(`No table with the header "${header}"`);
  const names = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    for (const [, name] of firstCell(line).matchAll(/`([^`]+)`/g)) names.push(name);
  }
  return names;
}

function firstCell(line) {
  return line.startsWith('|') ? line.split('|')[1].trim() : null;
}

/** The names `functions/src/index.ts` exports from one folder (`./triggers/...`). */
function exportedFrom(folder) {
  const index = read('functions/src/index.ts');
  const pattern = new RegExp(`^export \\{ (\\w+) \\} from '\\./${folder}/[\\w-]+';$`, 'gm');
  return [...index.matchAll(pattern)].map(([, name]) => name);
}

/** Keys of the callable contract `CALLABLES` (model/src/callables.ts). */
function contractCallables() {
  const source = read('model/src/callables.ts');
  const body = source.slice(source.indexOf('export const CALLABLES = {'));
  return [...body.matchAll(/^ {2}(\w+): spec</gm)].map(([, name]) => name);
}

function entries(dir, keep) {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).filter(keep);
}

/** Fails with what the docs miss and what they name that is gone, not only "not equal". */
function assertSameNames(documented, actual, where) {
  const missing = actual.filter((name) => !documented.includes(name));
  const gone = documented.filter((name) => !actual.includes(name));
  assert.ok(
    missing.length === 0 && gone.length === 0,
    `${where} is out of date.` +
      (missing.length ? ` Missing: ${missing.join(', ')}.` : '') +
      (gone.length ? ` Named there but not in the code: ${gone.join(', ')}.` : ''),
  );
  assert.equal(new Set(documented).size, documented.length, `${where} names something twice`);
}

test('a table is read by its header, several names per cell', () => {
  const page =
    '# T\n\n| File | What |\n| --- | --- |\n| `a.ts`, `b.ts` | x |\n| `c/` | y |\n\nafter';
  assert.deepEqual(firstColumnNames(page, 'File'), ['a.ts', 'b.ts', 'c/']);
  assert.throws(() => firstColumnNames(page, 'Trigger'), /No table with the header "Trigger"/);
});

test('docs/functions.md lists every trigger the functions export', () => {
  const triggers = exportedFrom('triggers');
  assert.ok(triggers.length > 0, 'no trigger exports found in functions/src/index.ts');
  assertSameNames(
    firstColumnNames(read('docs/functions.md'), 'Trigger'),
    triggers,
    'The Triggers table of docs/functions.md',
  );
});

test('docs/functions.md lists every callable, and the exports match the contract', () => {
  const callables = contractCallables();
  assert.ok(callables.length > 0, 'no callables found in CALLABLES');
  assertSameNames(exportedFrom('callables'), callables, 'The callables of functions/src/index.ts');
  assertSameNames(
    firstColumnNames(read('docs/functions.md'), 'Callable'),
    callables,
    'The callables table of docs/functions.md',
  );
});

test('docs/console.md lists every feature folder and data module', () => {
  const features = entries('web/src/features', (e) => e.isDirectory()).map((e) => e.name);
  assertSameNames(
    firstColumnNames(read('docs/console.md'), 'Feature folder'),
    features,
    'The feature folder table of docs/console.md',
  );
  const modules = entries(
    'web/src/data',
    (e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name),
  ).map((e) => e.name);
  assertSameNames(
    firstColumnNames(read('docs/console.md'), 'Data module'),
    modules,
    'The data module table of docs/console.md',
  );
});

test('model/README.md lists every module of the model', () => {
  const modules = entries('model/src', (e) => e.name !== 'index.ts').map((e) =>
    e.isDirectory() ? `${e.name}/` : e.name,
  );
  assertSameNames(
    firstColumnNames(read('model/README.md'), 'File'),
    modules,
    'The table of model/README.md',
  );
});
