import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  ENDPOINTS_ENV,
  freePortConfig,
  shellQuote,
  suiteEndpoints,
} from '../src/emulator-suite.mjs';
import { isPortFree } from '../src/ports.mjs';
import { FIREBASE_JSON } from '../src/repo.mjs';

const base = JSON.parse(readFileSync(FIREBASE_JSON, 'utf8'));

test('the generated config moves every started emulator off the fixed ports of firebase.json', async () => {
  const { config, endpoints } = await freePortConfig(base, ['auth', 'firestore', 'functions']);
  const fixed = new Set(
    Object.values(base.emulators).flatMap((e) => (e?.port ? [e.port, e.websocketPort] : [])),
  );
  const names = Object.keys(endpoints).sort();
  assert.deepEqual(names, [
    'auth',
    'eventarc',
    'firestore',
    'firestore websocket',
    'functions',
    'hub',
    'logging',
    'tasks',
  ]);
  const ports = Object.values(endpoints).map((e) => e.port);
  assert.equal(new Set(ports).size, ports.length, 'each emulator its own port');
  for (const port of ports) {
    assert.ok(!fixed.has(port), `port ${port} is one of firebase.json's`);
    assert.ok(await isPortFree(port), `port ${port} is free`);
  }
  assert.equal(config.emulators.firestore.websocketPort, endpoints['firestore websocket'].port);
  // Not asked for, so not started: nothing binds Storage's or Hosting's fixed port.
  assert.equal(config.emulators.storage, undefined);
  assert.equal(config.emulators.hosting, undefined);
  assert.deepEqual(config.emulators.ui, { enabled: false });
  // The rest of firebase.json (rules, functions source) is kept.
  assert.deepEqual(config.firestore, base.firestore);
  assert.deepEqual(config.functions, base.functions);
});

test('a suite reads its endpoints from the runner, and says so when run on its own', () => {
  const endpoints = { auth: { host: '127.0.0.1', port: 40001 } };
  assert.deepEqual(suiteEndpoints({ [ENDPOINTS_ENV]: JSON.stringify(endpoints) }), endpoints);
  assert.throws(() => suiteEndpoints({}), /run this suite through its runner/);
});

test('commands reach the shell of emulators:exec word for word', () => {
  assert.equal(shellQuote('test/rules/.mocharc.json'), 'test/rules/.mocharc.json');
  assert.equal(shellQuote('two words'), "'two words'");
  assert.equal(shellQuote("it's"), `'it'\\''s'`);
});
