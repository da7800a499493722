import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT as ROOT } from '../src/repo.mjs';
import {
  ensurePubsubEmulator,
  findPubsubEmulator,
  publishMessage,
  scheduleTopic,
} from '../src/pubsub.mjs';

const require = createRequire(import.meta.url);
const info = JSON.parse(
  readFileSync(
    join(ROOT, 'node_modules/firebase-tools/lib/emulator/downloadableEmulatorInfo.json'),
    'utf8',
  ),
);

function file(path) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, '#!/bin/sh\n');
  return path;
}

test('the schedule topic is the one firebase-tools subscribes a scheduled function to', () => {
  assert.equal(scheduleTopic('publishScheduled'), 'firebase-schedule-publishScheduled');
  for (const bad of ['', 'a/b', '../x', 'x'.repeat(64), 'has space']) {
    assert.throws(() => scheduleTopic(bad), /Not a function name/);
  }
});

test('Pub/Sub emulator: the explicit variable first, then firebase-tools cache, then a Cloud SDK on PATH', () => {
  const cache = mkdtempSync(join(tmpdir(), 'fbcache-'));
  const sdk = mkdtempSync(join(tmpdir(), 'sdk-'));
  file(join(sdk, 'platform/pubsub-emulator/bin/cloud-pubsub-emulator'));
  const bin = join(sdk, 'bin');
  mkdirSync(bin);
  symlinkSync(file(join(sdk, 'lib', 'gcloud')), join(bin, 'gcloud'));
  const env = { FIREBASE_EMULATORS_PATH: cache, PATH: bin };

  // No Debian install is assumed to be absent here: only the order among those present matters.
  const viaPath = findPubsubEmulator(ROOT, { env });
  assert.ok(viaPath, 'the Cloud SDK beside gcloud is found');
  assert.equal(viaPath.source, 'Cloud SDK');

  const cached = file(join(cache, info.pubsub.binaryPathRelativeToCacheDir));
  assert.deepEqual(findPubsubEmulator(ROOT, { env }), {
    path: cached,
    source: 'firebase-tools cache',
  });

  const own = file(join(sdk, 'own-emulator'));
  assert.deepEqual(
    findPubsubEmulator(ROOT, { env: { ...env, PUBSUB_EMULATOR_BINARY_PATH: own } }),
    {
      path: own,
      source: 'PUBSUB_EMULATOR_BINARY_PATH',
    },
  );
  assert.throws(
    () =>
      findPubsubEmulator(ROOT, { env: { ...env, PUBSUB_EMULATOR_BINARY_PATH: join(sdk, 'nope') } }),
    /points to nothing/,
  );
});

test('the preload delivers schedule messages to v2 scheduled functions as Cloud Scheduler calls them', async () => {
  const { PubsubEmulator } = require('firebase-tools/lib/emulator/pubsubEmulator.js');
  const unpatched = PubsubEmulator.prototype.onMessage;
  require('../src/pubsub-schedule-delivery.cjs');
  assert.notEqual(PubsubEmulator.prototype.onMessage, unpatched, 'patched');

  const emulator = new PubsubEmulator({ projectId: 'demo-x' });
  const posts = [];
  emulator.client = { post: async (path, body, options) => posts.push({ path, options }) };
  emulator.ensureFunctionsClient = () => {};
  emulator.triggersForTopic.set('firebase-schedule-publishScheduled', [
    { triggerKey: 'us-central1-publishScheduled-0', signatureType: 'http' },
  ]);
  emulator.triggersForTopic.set('reports', [
    { triggerKey: 'us-central1-onReport-0', signatureType: 'cloudevent' },
  ]);
  emulator.subscriptionForTopic.set('reports', { name: 'emulator-sub-reports' });
  let acked = 0;
  const message = (id) => ({
    id,
    publishTime: new Date('2026-11-23T10:00:00.000Z'),
    data: Buffer.from('{}'),
    attributes: {},
    ack: () => acked++,
  });

  await emulator.onMessage('firebase-schedule-publishScheduled', message('1'));
  assert.deepEqual(posts, [
    {
      path: '/functions/projects/demo-x/triggers/us-central1-publishScheduled-0',
      options: {
        headers: {
          'X-CloudScheduler': 'true',
          'X-CloudScheduler-JobName': 'firebase-schedule-publishScheduled',
          'X-CloudScheduler-ScheduleTime': '2026-11-23T10:00:00.000Z',
        },
      },
    },
  ]);
  assert.equal(acked, 1);

  // Other topics keep firebase-tools' own delivery (a CloudEvent for a v2 Pub/Sub trigger).
  posts.length = 0;
  await emulator.onMessage('reports', message('2'));
  assert.equal(posts.length, 1);
  assert.equal(posts[0].path, '/functions/projects/demo-x/triggers/us-central1-onReport-0');
  assert.match(posts[0].options.headers['Content-Type'], /cloudevents/);
  assert.equal(acked, 2);
});

test('without any Pub/Sub emulator and no download, the reason is given for the banner', () => {
  const cache = mkdtempSync(join(tmpdir(), 'fbcache-'));
  const offline = join(cache, 'firebase-offline.cjs');
  writeFileSync(
    offline,
    "console.error('Error: Failed to make request to https://storage.googleapis.com/x.zip'); process.exit(1);",
  );
  const result = ensurePubsubEmulator(ROOT, {
    env: { FIREBASE_EMULATORS_PATH: cache, PATH: '' },
    sdkRoots: [],
    firebaseBin: offline,
  });
  assert.deepEqual(Object.keys(result), ['missing']);
  assert.match(result.missing, /could not download it \(Failed to make request to https:\/\//);
});

test('publishing names the topic the message went to, and says when nobody subscribed it', async () => {
  const seen = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ url: req.url, body: JSON.parse(body) });
      const missing = req.url.includes('firebase-schedule-nobody');
      res.writeHead(missing ? 404 : 200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(missing ? { error: { message: 'Topic not found' } } : { messageIds: ['7'] }),
      );
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const pubsubHost = `127.0.0.1:${server.address().port}`;
  try {
    const id = await publishMessage({
      pubsubHost,
      projectId: 'demo-x',
      topic: scheduleTopic('publishScheduled'),
    });
    assert.equal(id, '7');
    await assert.rejects(
      publishMessage({ pubsubHost, projectId: 'demo-x', topic: scheduleTopic('nobody') }),
      /topic firebase-schedule-nobody does not exist: the Functions emulator has not subscribed/,
    );
  } finally {
    server.close();
  }
  assert.equal(
    seen[0].url,
    '/v1/projects/demo-x/topics/firebase-schedule-publishScheduled:publish',
  );
  assert.equal(seen[0].body.messages.length, 1);
  assert.equal(Buffer.from(seen[0].body.messages[0].data, 'base64').toString(), '{}');
});
