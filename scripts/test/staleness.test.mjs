import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { installState, isStale, newestMtime, recordInstall } from '../lib/staleness.mjs';

function touch(path, secondsAgo, content = '') {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
  const time = Date.now() / 1000 - secondsAgo;
  utimesSync(path, time, time);
}

test('a build is stale when an output is missing or a source is newer than the oldest output', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stale-'));
  const target = {
    sources: [join(dir, 'src')],
    outputs: [join(dir, 'dist/a.js'), join(dir, 'dist/b.jar')],
  };
  touch(join(dir, 'src/x.ts'), 100);
  assert.equal(isStale(target), true, 'no outputs yet');
  touch(join(dir, 'dist/a.js'), 50);
  assert.equal(isStale(target), true, 'one output missing');
  touch(join(dir, 'dist/b.jar'), 50);
  assert.equal(isStale(target), false, 'outputs newer than sources');
  touch(join(dir, 'src/nested/y.ts'), 10);
  assert.equal(isStale(target), true, 'a nested source changed after the build');
});

test('newestMtime ignores node_modules and build output folders', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stale-'));
  touch(join(dir, 'src/a.ts'), 100);
  touch(join(dir, 'src/node_modules/dep.js'), 1);
  touch(join(dir, 'src/dist/out.js'), 1);
  assert.ok(Math.abs(newestMtime([join(dir, 'src')]) - (Date.now() - 100_000)) < 2000);
});

test('installState: missing, then ok after install, stale when dependencies change', () => {
  const dir = mkdtempSync(join(tmpdir(), 'install-'));
  const pkg = (deps) => JSON.stringify({ name: 'x', workspaces: ['web'], dependencies: deps });
  touch(join(dir, 'package.json'), 100, pkg({ a: '1' }));
  touch(join(dir, 'package-lock.json'), 100, '{"lockfileVersion":3}');
  touch(
    join(dir, 'web/package.json'),
    100,
    JSON.stringify({ name: 'web', dependencies: { r: '1' } }),
  );
  assert.equal(installState(dir, ['web']), 'missing');

  touch(join(dir, 'node_modules/.package-lock.json'), 50);
  assert.equal(
    installState(dir, ['web']),
    'ok',
    'an install made by hand after the lockfile counts',
  );

  // A script change is not a dependency change.
  touch(
    join(dir, 'web/package.json'),
    0,
    JSON.stringify({ name: 'web', scripts: { a: 'b' }, dependencies: { r: '1' } }),
  );
  assert.equal(installState(dir, ['web']), 'ok');

  touch(
    join(dir, 'web/package.json'),
    0,
    JSON.stringify({ name: 'web', dependencies: { r: '2' } }),
  );
  assert.equal(installState(dir, ['web']), 'stale');
  recordInstall(dir, ['web']);
  assert.equal(installState(dir, ['web']), 'ok');

  touch(join(dir, 'package-lock.json'), 0, '{"lockfileVersion":3,"changed":true}');
  assert.equal(installState(dir, ['web']), 'stale');
});
