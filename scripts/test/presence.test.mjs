import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { PROJECT_ID, ROOT } from '../lib/paths.mjs';
import { isListening } from '../../testkit/src/ports.mjs';
import { hasDemoData } from '../seed/presence.mjs';
import { freePort } from '../../testkit/src/ports.mjs';
import { waitUntil } from '../../testkit/src/wait.mjs';

// Against the project's own Firestore emulator on a free port (built by `npm run build -w
// emulator`, which `npm test` runs first when it is stale).
const EMULATOR = join(ROOT, 'emulator', 'dist', 'firestore-emulator.js');
let child;
let host;

before(async () => {
  assert.ok(existsSync(EMULATOR), `${EMULATOR} is missing: run npm run build -w emulator`);
  const port = await freePort();
  host = `127.0.0.1:${port}`;
  child = spawn(
    process.execPath,
    [EMULATOR, '--host', '127.0.0.1', '--port', String(port), '--project_id', PROJECT_ID],
    {
      stdio: 'ignore',
    },
  );
  await waitUntil(() => isListening(port), { timeoutMs: 30_000, what: 'the emulator to start' });
});

after(() => child?.kill());

test('an empty emulator has no demo data; one users document is enough', async () => {
  assert.equal(await hasDemoData(host), false);
  const response = await fetch(
    `http://${host}/v1/projects/${PROJECT_ID}/databases/(default)/documents/users?documentId=u1`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ fields: { firstName: { stringValue: 'Alex' } } }),
    },
  );
  assert.equal(response.status, 200, await response.clone().text());
  assert.equal(await hasDemoData(host), true);
});
