import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isListening as listening } from '@campus-safety/testkit/ports';
import { waitUntil } from '@campus-safety/testkit/wait';
import { emulatorCommand, freePort } from '../support/emulator.js';

/**
 * Bad command lines and the process lifecycle: the emulator fails fast with a clear message
 * (and a non-zero code) on what it cannot serve, tolerates flags it does not know, and stops
 * cleanly when signalled or orphaned.
 */

interface Exit {
  code: number | null;
  output: string;
}

function runUntilExit(args: string[], timeoutMs = 20_000): Promise<Exit> {
  const [command, ...base] = emulatorCommand();
  return new Promise((resolve, reject) => {
    const child = spawn(command!, [...base, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`still running after ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('command line and lifecycle', function () {
  this.timeout(60_000);
  let work: string;

  before(function () {
    work = mkdtempSync(join(tmpdir(), 'emulator-cli-'));
  });

  after(function () {
    rmSync(work, { recursive: true, force: true });
  });

  it('rejects a port that is not a number', async function () {
    const exit = await runUntilExit(['--port', 'eighty']);
    assert.notEqual(exit.code, 0);
    assert.match(exit.output, /--port must be a port number/);
  });

  it('fails fast when the port is taken', async function () {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    try {
      const { port } = blocker.address() as net.AddressInfo;
      const exit = await runUntilExit(['--host', '127.0.0.1', '--port', String(port)]);
      assert.equal(exit.code, 1);
      assert.match(exit.output, new RegExp(`Port ${port} .*address already in use`));
    } finally {
      blocker.close();
    }
  });

  it('exits with the line and column of a broken rules file', async function () {
    const rules = join(work, 'broken.rules');
    writeFileSync(
      rules,
      "rules_version = '2';\nservice cloud.firestore {\n  match /a/{b} { allow read: if request.auth != ; }\n}\n",
    );
    const exit = await runUntilExit(['--port', String(await freePort()), '--rules', rules]);
    assert.equal(exit.code, 1);
    assert.ok(exit.output.includes(`${rules}:3:`), exit.output);
  });

  it('exits when the rules file or the import cannot be read', async function () {
    const missingRules = await runUntilExit([
      '--port',
      String(await freePort()),
      '--rules',
      join(work, 'none.rules'),
    ]);
    assert.equal(missingRules.code, 1);
    assert.match(missingRules.output, /cannot read the rules file/);
    const missingImport = await runUntilExit([
      '--port',
      String(await freePort()),
      '--seed_from_export',
      join(work, 'no-export'),
    ]);
    assert.equal(missingImport.code, 1);
    assert.match(missingImport.output, /cannot import/);
  });

  it('tolerates unknown flags and stops cleanly on SIGTERM and SIGINT', async function () {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const port = await freePort();
      const [command, ...base] = emulatorCommand();
      const child = spawn(
        command!,
        [...base, '--port', String(port), '--future_flag', 'x', '--database-edition', 'standard'],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      await waitUntil(() => listening(port), { what: 'the port', timeoutMs: 20_000 });
      const exited = new Promise<number | null>((resolve) =>
        child.on('exit', (code) => resolve(code)),
      );
      child.kill(signal);
      assert.equal(await exited, 0, output);
      assert.match(output, /ignoring unknown argument --future_flag x/);
      assert.equal(await listening(port), false);
    }
  });

  it('stops when its parent process dies', async function () {
    const port = await freePort();
    const [command, ...base] = emulatorCommand();
    const argv = JSON.stringify([...base, '--port', String(port)]);
    // A parent that starts the emulator detached (as firebase-tools does) and is then killed.
    const parent = spawn(
      process.execPath,
      [
        '-e',
        `require('child_process').spawn(${JSON.stringify(command)}, ${argv}, { detached: true, stdio: 'ignore' }); setInterval(() => {}, 1000);`,
      ],
      { stdio: 'ignore' },
    );
    await waitUntil(() => listening(port), { what: 'the port', timeoutMs: 20_000 });
    parent.kill('SIGKILL');
    await waitUntil(async () => !(await listening(port)), {
      what: 'the orphaned emulator to stop',
      timeoutMs: 10_000,
    });
  });
});
