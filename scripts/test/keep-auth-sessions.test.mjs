import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.mjs';

const PRELOAD = join(ROOT, 'scripts', 'lib', 'keep-auth-sessions.cjs');
// Imports one saved account into a real Auth emulator project state, as --import does.
const PROBE = `
  const path = require('node:path');
  const dir = path.join(path.dirname(require.resolve('firebase-tools/package.json')), 'lib/emulator/auth');
  const { authOperations } = require(path.join(dir, 'operations.js'));
  const { AgentProjectState } = require(path.join(dir, 'state.js'));
  const state = new AgentProjectState('demo-sessions');
  authOperations.identitytoolkit.projects.accounts.batchCreate(state, {
    users: [{ localId: 'u1', email: 'a@campus.test', validSince: '1700000000' }],
  });
  console.log(state.getUserByLocalId('u1').validSince);`;

const importedValidSince = (args) =>
  execFileSync(process.execPath, [...args, '-e', PROBE], { cwd: ROOT, encoding: 'utf8' }).trim();

test("the preload keeps an imported account's validSince, so tokens from before a restart stay valid", () => {
  const now = Math.floor(Date.now() / 1000);
  assert.ok(Number(importedValidSince([])) >= now, 'without it, the import time');
  assert.equal(importedValidSince(['--require', PRELOAD]), '1700000000');
});
