import assert from 'node:assert/strict';
import http, { type IncomingHttpHeaders } from 'node:http';
import { adminFirestore, eventually, http as call } from '../support/clients.js';
import {
  freePort,
  startEmulator,
  uniqueProjectId,
  type RunningEmulator,
} from '../support/emulator.js';

/**
 * The delivery protocol at the wire, with a recording HTTP server standing where the Functions
 * emulator listens: v1 registrations (`PUT .../triggers/{id}`) and legacy events, v2 CloudEvent
 * headers, retries while the receiver is down, order per trigger, and replacement of a
 * reloaded trigger generation. (The real Functions emulator is exercised in triggers.test.ts.)
 */
describe('trigger delivery protocol', function () {
  this.timeout(60_000);
  let emulator: RunningEmulator;
  let receiverPort: number;
  let receiver: http.Server | undefined;
  const received: { path: string; headers: IncomingHttpHeaders; body: any }[] = [];
  const projectId = uniqueProjectId('demo-delivery');

  function startReceiver(): Promise<void> {
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          path: req.url ?? '',
          headers: req.headers,
          body: JSON.parse(Buffer.concat(chunks).toString()),
        });
        // A function that throws: the Functions emulator answers 500.
        if (String(req.headers['ce-document'] ?? '').includes('fails')) res.statusCode = 500;
        res.end('{"status":"acknowledged"}');
      });
    });
    return new Promise((resolve) => receiver!.listen(receiverPort, '127.0.0.1', () => resolve()));
  }

  before(async function () {
    receiverPort = await freePort();
    emulator = await startEmulator({
      args: ['--functions_emulator', `127.0.0.1:${receiverPort}`, '--project_id', projectId],
    });
  });

  after(async function () {
    await emulator?.stop();
    await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  });

  it('delivers v1 and v2 events in commit order, retrying until the receiver is up', async function () {
    const p = `/emulator/v1/projects/${projectId}`;
    const v1 = await call(emulator, 'PUT', `${p}/triggers/legacyWrite-0`, {
      eventTrigger: {
        eventType: 'providers/cloud.firestore/eventTypes/document.write',
        resource: `projects/${projectId}/databases/(default)/documents/rooms/{roomId}/msgs/{msgId}`,
        service: 'firestore.googleapis.com',
      },
    });
    assert.equal(v1.status, 200);
    const v2 = await call(
      emulator,
      'POST',
      `${p}/eventarcTrigger?eventarcTriggerId=us-central1-onUpdate-0`,
      {
        eventType: 'google.cloud.firestore.document.v1.updated',
        database: '(default)',
        namespace: '(default)',
        document: { value: 'rooms/{roomId}/msgs/{msgId}', matchType: 'PATH_PATTERN' },
      },
    );
    assert.equal(v2.status, 200);
    // A reload registers the next generation; the old one must stop receiving events.
    const reloaded = await call(
      emulator,
      'POST',
      `${p}/eventarcTrigger?eventarcTriggerId=us-central1-onUpdate-1`,
      {
        eventType: 'google.cloud.firestore.document.v1.updated',
        database: '(default)',
        namespace: '(default)',
        document: { value: 'rooms/{roomId}/msgs/{msgId}', matchType: 'PATH_PATTERN' },
      },
    );
    assert.equal(reloaded.status, 200);
    const deep = await call(
      emulator,
      'POST',
      `${p}/eventarcTrigger?eventarcTriggerId=us-central1-onDeep-0`,
      {
        eventType: 'google.cloud.firestore.document.v1.created',
        database: '(default)',
        namespace: '(default)',
        document: { value: 'logs/{rest=**}', matchType: 'PATH_PATTERN' },
      },
    );
    assert.equal(deep.status, 200);

    const { db, close } = adminFirestore(emulator, projectId);
    try {
      const ref = db.doc('rooms/r1/msgs/m1');
      await ref.set({ v: 1 });
      await ref.update({ v: 2 });
      await ref.update({ v: 3 });
      await db.doc('elsewhere/x').set({ v: 1 });
      await db.doc('logs/a/b/c').set({ v: 1 });
      // The receiver comes up only now: everything above must be retried and still arrive in order.
      // A time on purpose: a refused connection leaves no trace to wait for, and a listener that
      // took the connection would count as a delivery (never resent).
      await new Promise((resolve) => setTimeout(resolve, 300));
      await startReceiver();
      await eventually(() => received.length >= 6, 'six deliveries', 30_000);
      // A time on purpose: a seventh delivery (a duplicate, the old generation) must not come.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await close();
    }

    const legacy = received.filter((r) => r.path.endsWith('/triggers/legacyWrite-0'));
    assert.deepEqual(
      legacy.map((r) => [
        r.body.data.oldValue?.fields?.v?.integerValue ?? null,
        r.body.data.value?.fields?.v?.integerValue ?? null,
      ]),
      [
        [null, '1'],
        ['1', '2'],
        ['2', '3'],
      ],
    );
    assert.equal(legacy[0]!.path, `/functions/projects/${projectId}/triggers/legacyWrite-0`);
    assert.equal(legacy[0]!.body.eventType, 'providers/cloud.firestore/eventTypes/document.write');
    assert.equal(
      legacy[0]!.body.resource,
      `projects/${projectId}/databases/(default)/documents/rooms/r1/msgs/m1`,
    );
    assert.deepEqual(legacy[0]!.body.params, { roomId: 'r1', msgId: 'm1' });

    const cloudEvents = received.filter((r) => r.path.includes('/triggers/us-central1-onUpdate'));
    assert.deepEqual(
      cloudEvents.map((r) => r.path.split('/').pop()),
      ['us-central1-onUpdate-1', 'us-central1-onUpdate-1'],
    );
    const [first] = cloudEvents;
    assert.equal(first!.headers['ce-type'], 'google.cloud.firestore.document.v1.updated');
    assert.equal(first!.headers['ce-specversion'], '1.0');
    assert.equal(
      first!.headers['ce-source'],
      `//firestore.googleapis.com/projects/${projectId}/databases/(default)`,
    );
    assert.equal(first!.headers['ce-subject'], 'documents/rooms/r1/msgs/m1');
    assert.equal(first!.headers['ce-document'], 'rooms/r1/msgs/m1');
    assert.equal(first!.headers['ce-project'], projectId);
    assert.equal(first!.headers['ce-database'], '(default)');
    assert.equal(first!.headers['ce-datacontenttype'], 'application/json');
    assert.ok(first!.headers['ce-id']);
    assert.ok(!Number.isNaN(Date.parse(String(first!.headers['ce-time']))));
    assert.deepEqual(first!.body.oldValue.fields, { v: { integerValue: '1' } });
    assert.deepEqual(first!.body.value.fields, { v: { integerValue: '2' } });
    assert.deepEqual(first!.body.updateMask, { fieldPaths: ['v'] });
    assert.deepEqual(cloudEvents[1]!.body.value.fields, { v: { integerValue: '3' } });
    assert.ok(!received.some((r) => JSON.stringify(r.body).includes('elsewhere')));
    const deepEvents = received.filter((r) => r.path.endsWith('/triggers/us-central1-onDeep-0'));
    assert.deepEqual(
      deepEvents.map((r) => r.headers['ce-document']),
      ['logs/a/b/c'],
    );
  });

  it('never resends an event whose function failed, and goes on with the next ones', async function () {
    const { db, close } = adminFirestore(emulator, projectId);
    const before = received.length;
    try {
      await db.doc('logs/fails/n/1').set({ v: 1 });
      await db.doc('logs/works/n/2').set({ v: 1 });
      await eventually(
        () => received.slice(before).some((r) => r.headers['ce-document'] === 'logs/works/n/2'),
        'the event after the failed one',
        10_000,
      );
      // Long enough for the first retry the backoff schedule would make.
      await new Promise((resolve) => setTimeout(resolve, 1500));
    } finally {
      await close();
    }
    assert.deepEqual(
      received.slice(before).map((r) => r.headers['ce-document']),
      ['logs/fails/n/1', 'logs/works/n/2'],
    );
  });
});
