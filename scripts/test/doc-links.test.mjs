/**
 * The code explains its rules by pointing into docs/ (`docs/requirements.md#status-machine`), and
 * the pages link each other: a renamed heading or page must not leave dead pointers behind.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.mjs';

/** Installed packages, build outputs and saved data: nothing a person writes. */
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', '.firebase', '.emulator-data']);
const SKIPPED_PATHS = new Set(['functions/lib', 'test-artifacts']);
const SOURCE = /\.(ts|tsx|mjs|cjs|js|rules|md)$/;

function sourceFiles(dir = ROOT) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const skipped = SKIPPED_DIRS.has(entry.name) || SKIPPED_PATHS.has(relative(ROOT, path));
      return skipped ? [] : sourceFiles(path);
    }
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingAnchor(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Anchors a Markdown page offers: its headings outside code fences, and explicit `id`s. */
function anchorsOf(markdown) {
  const anchors = new Set();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.+)$/.exec(line);
    if (heading) anchors.add(headingAnchor(heading[1]));
  }
  for (const [, id] of markdown.matchAll(/<a id="([^"]+)"/g)) anchors.add(id);
  return anchors;
}

const files = sourceFiles();
const anchorCache = new Map();
function anchorsAt(file) {
  if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(file, 'utf8')));
  return anchorCache.get(file);
}

/** Why `target` (a path, optionally `#anchor`) does not resolve from `base`, or null. */
function deadLink(base, target) {
  const [path, anchor] = target.split('#');
  const file = path === '' ? base : normalize(join(dirname(base), path));
  if (!existsSync(file)) return `${target}: no such file`;
  if (anchor && file.endsWith('.md') && !anchorsAt(file).has(anchor)) {
    return `${target}: no heading with that anchor`;
  }
  return null;
}

test('headings give GitHub anchors', () => {
  assert.equal(headingAnchor('Status machine'), 'status-machine');
  assert.equal(headingAnchor('Server (functions/)'), 'server-functions');
  assert.equal(headingAnchor('Programme vocabulary (model/)'), 'programme-vocabulary-model');
  const anchors = anchorsOf('# Top\n```\n# not a heading\n```\n## New-incident alert\n');
  assert.deepEqual([...anchors], ['top', 'new-incident-alert']);
});

test('every docs/<page>.md#anchor the code cites exists', () => {
  const dead = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const [citation] of text.matchAll(/\bdocs\/[\w-]+\.md(#[\w-]+)?/g)) {
      const problem = deadLink(join(ROOT, 'x'), citation);
      if (problem) dead.push(`${relative(ROOT, file)}: ${problem}`);
    }
  }
  assert.deepEqual(dead, []);
});

test('every relative link of a Markdown page resolves', () => {
  const dead = [];
  for (const file of files.filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(file, 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue;
      const problem = deadLink(file, target);
      if (problem) dead.push(`${relative(ROOT, file)}: ${problem}`);
    }
  }
  assert.deepEqual(dead, []);
});

test('nothing cites documents that are not in the repository', () => {
  const cited = files.flatMap((file) =>
    /(spec|DESIGN) (section|§) ?\d/.test(readFileSync(file, 'utf8')) ? [relative(ROOT, file)] : [],
  );
  assert.deepEqual(cited, []);
});

test('every file path a page names from the repository root exists', () => {
  const TOP = readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !SKIPPED_DIRS.has(entry.name))
    .map((entry) => entry.name);
  const rooted = new RegExp(
    `\`((?:${TOP.join('|')})/[\\w./-]+\\.(?:ts|tsx|mjs|cjs|js|json|md|rules))\``,
    'g',
  );
  const pages = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`)];
  const missing = pages.flatMap((page) =>
    [...readFileSync(join(ROOT, page), 'utf8').matchAll(rooted)]
      .map((match) => match[1])
      .filter((path) => !existsSync(join(ROOT, path)))
      .map((path) => `${page}: ${path}`),
  );
  assert.deepEqual(missing, []);
});
