import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { test } from 'node:test';
import { startScheduler } from '../lib/scheduler.mjs';
import { becomesTrue } from '../../testkit/src/wait.mjs';

/** A stand-in for the emulators' REST endpoints: records each request, answers from `routes`. */
async function fakeEmulators(routes) {
  const requests = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const path = req.url.split('?')[0];
      requests.push({ path, body: JSON.parse(body || '{}'), auth: req.headers.authorization });
      const route = Object.entries(routes).find(([suffix]) => path.endsWith(suffix));
      res.writeHead(route ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(route ? route[1] : {}));
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { host: `127.0.0.1:${server.address().port}`, requests, close: () => server.close() };
}

// A bound, not a wait: it ends when the check holds (2 s was short beside npm test's other lanes).
const until = (check) => becomesTrue(check, { timeoutMs: 20_000, intervalMs: 10 });

test('with the Pub/Sub emulator, each run is one message on each scheduled function topic', async () => {
  const pubsub = await fakeEmulators({ ':publish': { messageIds: ['1'] } });
  const lines = [];
  const stop = startScheduler({
    pubsubHost: pubsub.host,
    authHost: 'unused:1',
    functionsHost: 'unused:1',
    projectId: 'demo-x',
    region: 'us-central1',
    log: (line) => lines.push(line),
    intervalMs: 40,
  });
  await until(() => pubsub.requests.length >= 5);
  stop();
  pubsub.close();
  assert.ok(pubsub.requests.length >= 5, 'at start and on the interval');
  assert.deepEqual(
    [...new Set(pubsub.requests.map((r) => r.path))],
    [
      '/v1/projects/demo-x/topics/firebase-schedule-publishScheduled:publish',
      '/v1/projects/demo-x/topics/firebase-schedule-housekeeping:publish',
      '/v1/projects/demo-x/topics/firebase-schedule-sendScheduledMassNotifications:publish',
      '/v1/projects/demo-x/topics/firebase-schedule-foldPastStatsDays:publish',
    ],
  );
  assert.deepEqual(lines, [], 'the function reports in its own log');
});

test('without it, the Admin callables run the jobs and what they did is printed', async () => {
  const emulators = await fakeEmulators({
    ':signInWithPassword': { idToken: 'admin-token', localId: 'demo-admin', expiresIn: '3600' },
    '/publishScheduledNow': { result: { articles: 1, announcements: 2 } },
    '/runHousekeeping': { result: { expiredDefaultPasswords: 1 } },
  });
  const lines = [];
  const stop = startScheduler({
    pubsubHost: null,
    authHost: emulators.host,
    functionsHost: emulators.host,
    projectId: 'demo-x',
    region: 'us-central1',
    log: (line) => lines.push(line),
    intervalMs: 60_000,
  });
  await until(() => lines.length > 1);
  stop();
  emulators.close();
  const call = emulators.requests.find((r) => r.path.endsWith('/publishScheduledNow'));
  assert.equal(call.path, '/demo-x/us-central1/publishScheduledNow');
  assert.equal(call.auth, 'Bearer admin-token');
  assert.deepEqual(lines, [
    '[scheduler] published 1 article(s), 2 announcement(s)',
    '[scheduler] 1 default password(s) expired',
  ]);
});
