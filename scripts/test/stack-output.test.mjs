import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isWorthShowing, logPathFor } from '../lib/stack.mjs';

test('expected warnings of the offline setup are not shown; problems and function warnings are', () => {
  assert.equal(
    isWorthShowing('⚠  firestore: Env variable override detected. Using firestore emulator at x'),
    false,
  );
  assert.equal(isWorthShowing('⚠  Unable to fetch the CLI MOTD and remote config.'), false);
  assert.equal(
    isWorthShowing('i  functions: Watching "/x/functions" for Cloud Functions...'),
    false,
  );
  assert.equal(isWorthShowing('⚠  firestore: Fatal error occurred:'), true);
  assert.equal(isWorthShowing('>  local-scheduler: published article a1'), true);
  assert.equal(
    isWorthShowing('>  {"severity":"DEBUG","message":"Callable request verification passed"}'),
    false,
  );
  assert.equal(
    isWorthShowing('>  {"severity":"INFO","message":"Automatic assignment","outcome":"off"}'),
    false,
  );
  assert.equal(isWorthShowing('>  {"severity":"WARNING","message":"no devices"}'), true);
  assert.equal(isWorthShowing('>  {"severity":"ERROR","message":"push failed"}'), true);
});

test('a dead Firestore emulator points at its own log, the others at the firebase-tools log', () => {
  assert.match(logPathFor('firestore', '/x/emulators.log'), /firestore-debug\.log$/);
  assert.match(logPathFor('pubsub', '/x/emulators.log'), /pubsub-debug\.log$/);
  assert.equal(logPathFor('auth', '/x/emulators.log'), '/x/emulators.log');
});
