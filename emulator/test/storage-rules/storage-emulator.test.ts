/**
 * End to end: firebase-tools' own Storage emulator, started offline with
 * STORAGE_EMULATOR_BINARY_PATH pointing at the launcher jar next to a fresh bundle of the
 * runtime, enforces the fixture's storage.rules.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { findJdk, withJdk } from '@campus-safety/testkit/jdk';
import { freePort } from '@campus-safety/testkit/ports';

const emulatorRoot = fileURLToPath(new URL('../../', import.meta.url));
const jar = join(emulatorRoot, 'dist', 'storage-rules-runtime.jar');
const fixture = fileURLToPath(new URL('./fixture/', import.meta.url));

describe('Storage emulator with the offline rules runtime', function () {
  this.timeout(120000);
  let dir = '';

  before(function () {
    // The launcher jar is built by `npm run build -w emulator`; without it there is nothing to start.
    if (!existsSync(jar)) this.skip();
    dir = mkdtempSync(join(tmpdir(), 'storage-rules-e2e-'));
  });

  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('starts offline and allows or denies uploads and downloads by storage.rules', async () => {
    await build({
      entryPoints: [join(emulatorRoot, 'src/storage-rules/main.ts')],
      outfile: join(dir, 'storage-rules-runtime.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
    });
    copyFileSync(jar, join(dir, 'storage-rules-runtime.jar'));
    copyFileSync(join(fixture, 'storage.rules'), join(dir, 'storage.rules'));
    copyFileSync(join(fixture, 'check.mjs'), join(dir, 'check.mjs'));
    const [storage, hub, logging] = [await freePort(), await freePort(), await freePort()];
    writeFileSync(
      join(dir, 'firebase.json'),
      JSON.stringify({
        storage: { rules: 'storage.rules' },
        emulators: {
          storage: { port: storage },
          hub: { port: hub },
          logging: { port: logging },
          ui: { enabled: false },
        },
      }),
    );
    const firebase = join(emulatorRoot, '..', 'node_modules', '.bin', 'firebase');
    const output = await new Promise<string>((resolve, reject) => {
      execFile(
        firebase,
        ['emulators:exec', '--only', 'storage', '--project', 'demo-r1-storage', 'node check.mjs'],
        {
          cwd: dir,
          env: {
            ...withJdk(process.env, findJdk()),
            STORAGE_EMULATOR_BINARY_PATH: join(dir, 'storage-rules-runtime.jar'),
            // The Storage emulator keeps blobs in $TMPDIR/firebase/storage/blobs and deletes that
            // directory when it stops: a private TMPDIR keeps other running emulators' files safe.
            TMPDIR: dir,
          },
          timeout: 110000,
        },
        (error, stdout, stderr) =>
          error ? reject(new Error(`${error.message}\n${stdout}\n${stderr}`)) : resolve(stdout),
      );
    });
    const line = output.split('\n').find((l) => l.includes('RESULTS '));
    assert.ok(line, output);
    const results = JSON.parse(line.slice(line.indexOf('RESULTS ') + 8)) as Record<string, number>;
    assert.deepEqual(results, {
      ownImage: 200,
      otherUsersFolder: 403,
      notAnImage: 403,
      tooLarge: 403,
      signedOut: 403,
      outsideRules: 403,
      readSignedIn: 200,
      readSignedOut: 403,
    });
  });
});
