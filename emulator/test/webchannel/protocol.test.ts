import assert from 'node:assert/strict';
import { createFirestoreEngine, type FirestoreEngine } from '../../src/firestore/engine/index.js';
import {
  FirestoreApiError,
  GrpcCode,
  type AccessRequest,
  type CallContext,
  type FirestoreService,
  type StreamSession,
  type StreamSink,
} from '../../src/firestore/service.js';
import type { Document, ListenRequest } from '../../src/firestore/protocol/messages.js';
import { eventually } from '../support/clients.js';
import { startChannelServer, type ChannelServer } from './channel-server.js';
import { RawChannel, parseChunks, type ChannelArray } from './raw-channel.js';

let projectCounter = 0;

function freshProject(): { projectId: string; database: string; documents: string } {
  const projectId = `wc-protocol-${process.pid}-${++projectCounter}`;
  const database = `projects/${projectId}/databases/(default)`;
  return { projectId, database, documents: `${database}/documents` };
}

function owner(projectId: string): CallContext {
  return { projectId, databaseId: '(default)', caller: { kind: 'owner' } };
}

async function writeDoc(
  engine: FirestoreService,
  projectId: string,
  path: string,
  fields: Document['fields'],
): Promise<void> {
  const database = `projects/${projectId}/databases/(default)`;
  await engine.commit(owner(projectId), {
    database,
    writes: [{ update: { name: `${database}/documents/${path}`, fields } }],
  });
}

function addTarget(database: string, collectionId: string, targetId = 1): ListenRequest {
  return {
    database,
    addTarget: {
      targetId,
      query: { parent: `${database}/documents`, structuredQuery: { from: [{ collectionId }] } },
    },
  };
}

type Payload = Record<string, unknown>;

function targetChangeType(payload: unknown): string | undefined {
  const change = (payload as Payload).targetChange as Payload | undefined;
  if (!change) return undefined;
  return (change.targetChangeType as string | undefined) ?? 'NO_CHANGE';
}

function documentName(payload: unknown): string | undefined {
  const change = (payload as Payload).documentChange as
    { document?: { name?: string } } | undefined;
  return change?.document?.name;
}

function isCurrent(payloads: unknown[]): boolean {
  return payloads.some((p) => targetChangeType(p) === 'CURRENT');
}

/**
 * Records the stream sessions the transport opens and whether it closed them; `pushed` resolves
 * once the engine has pushed a first response to any stream.
 */
function spyOnStreams(engine: FirestoreEngine): {
  service: FirestoreService;
  closed: () => number;
  opened: () => number;
  pushed: Promise<void>;
} {
  let opened = 0;
  let closed = 0;
  let signal!: () => void;
  const pushed = new Promise<void>((resolve) => (signal = resolve));
  const wrap =
    <Request, Response>(
      open: (ctx: CallContext, sink: StreamSink<Response>) => StreamSession<Request>,
    ) =>
    (ctx: CallContext, sink: StreamSink<Response>): StreamSession<Request> => {
      const session = open(ctx, {
        push: (response) => {
          sink.push(response);
          signal();
        },
        fail: (error) => sink.fail(error),
      });
      opened++;
      return {
        receive: (request) => session.receive(request),
        close: () => {
          closed++;
          session.close();
        },
      };
    };
  const service: FirestoreService = Object.create(engine) as FirestoreService;
  service.openListen = wrap(engine.openListen.bind(engine));
  service.openWrite = wrap(engine.openWrite.bind(engine));
  return { service, closed: () => closed, opened: () => opened, pushed };
}

const denyAllButOwner = {
  authorize(request: AccessRequest): void {
    if (request.ctx.caller.kind !== 'owner') {
      throw new FirestoreApiError(GrpcCode.PERMISSION_DENIED, 'denied by test rules');
    }
  },
};

describe('WebChannel protocol', function () {
  let engine: FirestoreEngine;
  let server: ChannelServer;

  beforeEach(async function () {
    engine = createFirestoreEngine();
    server = await startChannelServer(engine, {
      longPollTimeoutMs: 300,
      sessionIdleTimeoutMs: 2000,
    });
  });

  afterEach(async function () {
    await server.close();
  });

  it('answers the handshake with a length-prefixed ["c", SID, host prefix, 8] array 0', async function () {
    const { database } = freshProject();
    const channel = new RawChannel(server.baseUrl, 'Listen', database);
    const response = await channel.open([addTarget(database, 'rooms')]);
    assert.equal(response.status, 200);
    const [arrays] = parseChunks(response.text) as [ChannelArray[]];
    assert.equal(arrays.length, 1);
    const [id, payload] = arrays[0] as ChannelArray;
    assert.equal(id, 0);
    assert.equal(payload[0], 'c');
    assert.match(String(payload[1]), /^[0-9a-f]{24}$/);
    assert.equal(payload[3], 8);
    const json = JSON.stringify(arrays);
    assert.equal(response.text, `${json.length}\n${json}`);
    // The client asked (X-HTTP-Session-Id=gsessionid) to learn the session id from a header.
    assert.equal(response.headers.get('x-http-session-id'), channel.sid);
  });

  it('delivers the first message of the handshake and later forward maps to the Listen stream (long poll)', async function () {
    const { projectId, database, documents } = freshProject();
    await writeDoc(engine, projectId, 'rooms/a', { n: { integerValue: '1' } });
    await writeDoc(engine, projectId, 'desks/d', { n: { integerValue: '2' } });
    const channel = new RawChannel(server.baseUrl, 'Listen', database);
    await channel.open([addTarget(database, 'rooms', 1)]);

    const first = await channel.pollUntil(isCurrent);
    assert.equal(targetChangeType(first[0]), 'ADD');
    assert.deepEqual(first.map(documentName).filter(Boolean), [`${documents}/rooms/a`]);

    const ack = await channel.send([addTarget(database, 'desks', 2)]);
    assert.equal(ack.status, 200);
    const second = await channel.pollUntil(isCurrent);
    assert.deepEqual(second.map(documentName).filter(Boolean), [`${documents}/desks/d`]);
  });

  it('streams changes on a held-open back channel (CI=0) as they are committed', async function () {
    await server.close();
    server = await startChannelServer(engine, {
      longPollTimeoutMs: 10_000,
      keepAliveIntervalMs: 10_000,
    });
    const { projectId, database, documents } = freshProject();
    const channel = new RawChannel(server.baseUrl, 'Listen', database);
    await channel.open([]);
    const stream = channel.stream();
    try {
      // With nothing to send, a noop goes out at once: a client detecting buffering proxies sees
      // bytes arrive and stays in streaming mode.
      const first = await stream.next(2000, false);
      assert.deepEqual(first?.[1], ['noop']);
      assert.equal((await channel.send([addTarget(database, 'rooms')])).status, 200);
      let array: ChannelArray | null;
      do {
        array = await stream.next();
        assert.ok(array, 'stream ended before CURRENT');
      } while (targetChangeType(array[1][0]) !== 'CURRENT');

      // Chunk lengths count UTF-16 code units, as the client slices its decoded text.
      const name = { stringValue: 'Café 東京 🚀' };
      await writeDoc(engine, projectId, 'rooms/b', { name });
      let received: unknown;
      for (let i = 0; i < 10 && !received; i++) {
        const next = await stream.next();
        assert.ok(next, 'the committed document did not arrive on the open stream');
        if (documentName(next[1][0]) === `${documents}/rooms/b`) received = next[1][0];
      }
      assert.deepEqual(
        (received as { documentChange: { document: { fields: Document['fields'] } } })
          .documentChange.document.fields,
        { name },
      );
      assert.equal(stream.status, 200);
    } finally {
      stream.close();
    }
  });

  it('sends keep-alive noops on an idle streaming back channel', async function () {
    await server.close();
    server = await startChannelServer(engine, { keepAliveIntervalMs: 100 });
    const { projectId, database, documents } = freshProject();
    const channel = new RawChannel(server.baseUrl, 'Listen', database);
    await channel.open([addTarget(database, 'rooms')]);
    const stream = channel.stream();
    try {
      let array: ChannelArray | null;
      do array = await stream.next();
      while (array && targetChangeType(array[1][0]) !== 'CURRENT');
      const started = Date.now();
      let noops = 0;
      while (Date.now() - started < 550) {
        const next = await stream.next(200, false);
        if (next?.[1][0] === 'noop') noops++;
      }
      assert.ok(noops >= 2 && noops <= 7, `${noops} noops in 550 ms at a 100 ms interval`);
      await writeDoc(engine, projectId, 'rooms/after-idle', {});
      const next = await stream.next();
      assert.equal(documentName(next?.[1][0]), `${documents}/rooms/after-idle`);
    } finally {
      stream.close();
    }
  });

  it('replays unacknowledged arrays on the next back channel and drops acknowledged ones', async function () {
    const { projectId, database } = freshProject();
    await writeDoc(engine, projectId, 'rooms/a', { n: { integerValue: '1' } });
    const channel = new RawChannel(server.baseUrl, 'Listen', database);
    await channel.open([addTarget(database, 'rooms')]);
    await channel.pollUntil(isCurrent);
    const lastSeen = channel.lastArrayId;
    assert.ok(lastSeen > 0);

    // As if the last response was lost: AID=0 gets every array again, with the same ids.
    const replay = await channel.poll({ AID: 0 });
    assert.equal(replay[0]?.[0], 1);
    assert.equal(replay[replay.length - 1]?.[0], lastSeen);

    // The forward channel reports the last array id written and that nothing is held open.
    const ackResponse = await channel.send([], 1);
    const [[backChannelOpen, lastArrayId, outstanding]] = parseChunks(ackResponse.text) as [
      [number, number, number],
    ];
    assert.equal(backChannelOpen, 0);
    assert.equal(lastArrayId, lastSeen);
    assert.equal(outstanding, 0, 'arrays acknowledged by AID should not be outstanding');

    // Acknowledged: the next poll has nothing but the keep-alive noop after the poll timeout.
    const idle = await channel.poll();
    assert.deepEqual(
      idle.map(([, payload]) => payload),
      [['noop']],
    );
    assert.ok((idle[0] as ChannelArray)[0] > lastSeen);
  });

  it('ends a streaming back channel past the recycle size; the next one acknowledges it and goes on', async function () {
    await server.close();
    server = await startChannelServer(engine, {
      backChannelRecycleBytes: 1,
      keepAliveIntervalMs: 10_000,
    });
    const { projectId, database, documents } = freshProject();
    await writeDoc(engine, projectId, 'rooms/a', { n: { integerValue: '1' } });
    const channel = new RawChannel(server.baseUrl, 'Listen', database);
    await channel.open([addTarget(database, 'rooms')]);
    const ids: number[] = [];
    const payloads: unknown[] = [];
    let streams = 0;
    const streamUntil = async (done: () => boolean): Promise<void> => {
      for (let i = 0; i < 10 && !done(); i++) {
        const stream = channel.stream();
        streams++;
        await stream.done; // ended by the server, not by the client
        assert.equal(stream.status, 200);
        for (let array = await stream.next(0, false); array; array = await stream.next(0, false)) {
          ids.push(array[0]);
          if (array[1][0] !== 'noop') payloads.push(array[1][0]);
        }
      }
    };
    await streamUntil(() => isCurrent(payloads));
    const before = streams;
    await writeDoc(engine, projectId, 'rooms/b', {});
    await streamUntil(() => payloads.some((p) => documentName(p) === `${documents}/rooms/b`));
    assert.ok(streams > before);
    // Each back channel carried only arrays after the previous one's: nothing acknowledged is resent.
    assert.deepEqual(
      ids,
      ids.map((_, index) => index + 1),
    );
  });

  it('ignores an AID beyond the arrays written: nothing unsent is dropped', async function () {
    const { service, pushed } = spyOnStreams(engine);
    await server.close();
    server = await startChannelServer(service, { longPollTimeoutMs: 300 });
    const { database } = freshProject();
    const channel = new RawChannel(server.baseUrl, 'Listen', database);
    await channel.open([addTarget(database, 'rooms')]);
    await pushed; // the target's ADD is queued, so the AID below acknowledges past it
    const arrays = await channel.poll({ AID: 999 });
    assert.equal(arrays[0]?.[0], 1);
    assert.equal(targetChangeType(arrays[0]?.[1][0]), 'ADD');
  });

  it('runs the Write stream: handshake, stream token, write results', async function () {
    const { projectId, database, documents } = freshProject();
    const channel = new RawChannel(server.baseUrl, 'Write', database);
    await channel.open([{ database }]);
    const [handshake] = await channel.pollUntil((p) => p.length > 0);
    const streamToken = (handshake as Payload).streamToken;
    assert.equal(typeof streamToken, 'string');

    await channel.send([
      {
        streamToken,
        writes: [
          { update: { name: `${documents}/rooms/w`, fields: { ok: { booleanValue: true } } } },
        ],
      },
    ]);
    const [result] = await channel.pollUntil((p) => p.length > 0);
    assert.equal(((result as Payload).writeResults as unknown[]).length, 1);
    const stored = await engine.getDocument(owner(projectId), { name: `${documents}/rooms/w` });
    assert.deepEqual(stored.fields, { ok: { booleanValue: true } });
  });

  it('delivers a forward map once when the client resends it', async function () {
    const { projectId, database, documents } = freshProject();
    const channel = new RawChannel(server.baseUrl, 'Write', database);
    await channel.open([{ database }]);
    const [handshake] = await channel.pollUntil((p) => p.length > 0);
    const write = {
      streamToken: (handshake as Payload).streamToken,
      writes: [
        {
          update: { name: `${documents}/counters/c`, fields: {} },
          updateTransforms: [{ fieldPath: 'n', increment: { integerValue: '1' } }],
        },
      ],
    };
    await channel.send([write], 1);
    await channel.send([write], 1); // a retry of the same map id
    const results = await channel.pollUntil((p) => p.length > 0);
    assert.equal(results.length, 1);
    const stored = await engine.getDocument(owner(projectId), { name: `${documents}/counters/c` });
    assert.deepEqual(stored.fields, { n: { integerValue: '1' } });
  });

  it('delivers forward maps in id order when their POSTs complete out of order', async function () {
    const { projectId, database, documents } = freshProject();
    await writeDoc(engine, projectId, 'rooms/a', {});
    await writeDoc(engine, projectId, 'desks/d', {});
    const channel = new RawChannel(server.baseUrl, 'Listen', database);
    await channel.open([]);
    assert.equal((await channel.send([addTarget(database, 'desks', 2)], 1)).status, 200);
    assert.deepEqual(
      (await channel.poll()).map(([, payload]) => payload),
      [['noop']],
      'map 1 must wait for map 0',
    );
    assert.equal((await channel.send([addTarget(database, 'rooms', 1)], 0)).status, 200);
    const payloads = await channel.pollUntil(
      (p) => p.filter((x) => targetChangeType(x) === 'CURRENT').length === 2,
    );
    assert.deepEqual(payloads.map(documentName).filter(Boolean), [
      `${documents}/rooms/a`,
      `${documents}/desks/d`,
    ]);
  });

  it('closes the stream on TYPE=terminate and then answers the session with 400 Unknown SID', async function () {
    const spy = spyOnStreams(engine);
    await server.close();
    server = await startChannelServer(spy.service, { longPollTimeoutMs: 300 });
    const { database } = freshProject();
    for (const method of ['POST', 'GET'] as const) {
      const channel = new RawChannel(server.baseUrl, 'Listen', database);
      await channel.open([addTarget(database, 'rooms')]);
      const closedBefore = spy.closed();
      assert.equal((await channel.terminate(method)).status, 200);
      assert.equal(
        spy.closed(),
        closedBefore + 1,
        `terminate by ${method} did not close the stream`,
      );
      await assert.rejects(channel.poll(), /400.*Unknown SID/s);
    }
  });

  it('answers an unknown SID with a 400 whose body names it past the first character', async function () {
    const { database } = freshProject();
    const channel = new RawChannel(server.baseUrl, 'Listen', database);
    channel.sid = 'no-such-session';
    const forward = await channel.send([addTarget(database, 'rooms')]);
    assert.equal(forward.status, 400);
    assert.ok(forward.text.indexOf('Unknown SID') > 0, forward.text);
    const back = await fetch(
      channel.url({ SID: 'no-such-session', RID: 'rpc', AID: 0, CI: 0, TYPE: 'xmlhttp' }),
    );
    assert.equal(back.status, 400);
    assert.ok((await back.text()).indexOf('Unknown SID') > 0);
  });

  it('closes a session whose client went away after the idle timeout', async function () {
    const spy = spyOnStreams(engine);
    await server.close();
    server = await startChannelServer(spy.service, {
      longPollTimeoutMs: 100,
      sessionIdleTimeoutMs: 300,
    });
    const { database } = freshProject();
    const channel = new RawChannel(server.baseUrl, 'Listen', database);
    await channel.open([addTarget(database, 'rooms')]);
    const stream = channel.stream();
    await stream.next(2000, false);
    stream.close(); // the browser tab goes away mid-stream
    await eventually(() => spy.closed() === 1, 'the idle session closed', 5_000);
    await assert.rejects(channel.poll(), /Unknown SID/);
  });

  it('keeps a session alive while the client long-polls', async function () {
    const { projectId, database, documents } = freshProject();
    await server.close();
    server = await startChannelServer(engine, {
      longPollTimeoutMs: 150,
      sessionIdleTimeoutMs: 400,
    });
    const channel = new RawChannel(server.baseUrl, 'Listen', database);
    await channel.open([addTarget(database, 'rooms')]);
    await channel.pollUntil(isCurrent);
    for (let i = 0; i < 5; i++) await channel.poll(); // 5 x 150 ms > idle timeout
    await writeDoc(engine, projectId, 'rooms/late', {});
    const late = await channel.pollUntil((p) =>
      p.some((x) => documentName(x) === `${documents}/rooms/late`),
    );
    assert.ok(late.length > 0);
  });

  it('honours the client long-poll timeout (TO) when it is shorter', async function () {
    await server.close();
    server = await startChannelServer(engine, { longPollTimeoutMs: 10_000 });
    const { database } = freshProject();
    const channel = new RawChannel(server.baseUrl, 'Listen', database);
    await channel.open([addTarget(database, 'rooms')]);
    await channel.pollUntil(isCurrent);
    const started = Date.now();
    const arrays = await channel.poll({ TO: 200 });
    assert.ok(Date.now() - started < 2000);
    assert.deepEqual(
      arrays.map(([, payload]) => payload),
      [['noop']],
    );
  });

  it('delivers a denied listen target as REMOVE with its PERMISSION_DENIED cause', async function () {
    engine.setAuthorizer(denyAllButOwner);
    const { database } = freshProject();
    const channel = new RawChannel(server.baseUrl, 'Listen', database);
    await channel.open([addTarget(database, 'rooms')]);
    const payloads = await channel.pollUntil((p) =>
      p.some((x) => targetChangeType(x) === 'REMOVE'),
    );
    const removal = (
      payloads.find((x) => targetChangeType(x) === 'REMOVE') as { targetChange: Payload }
    ).targetChange;
    assert.equal((removal.cause as Payload).code, GrpcCode.PERMISSION_DENIED);
  });

  it('ends a Write stream whose write is denied with a PERMISSION_DENIED error array', async function () {
    engine.setAuthorizer(denyAllButOwner);
    const { projectId, database, documents } = freshProject();
    const channel = new RawChannel(server.baseUrl, 'Write', database);
    await channel.open([{ database }]);
    const [handshake] = await channel.pollUntil((p) => p.length > 0);
    await channel.send([
      {
        streamToken: (handshake as Payload).streamToken,
        writes: [{ update: { name: `${documents}/rooms/x`, fields: {} } }],
      },
    ]);
    const [failure] = await channel.pollUntil((p) => p.length > 0);
    const error = (failure as { error: Payload }).error;
    assert.equal(error.status, 'PERMISSION_DENIED');
    assert.equal(error.code, GrpcCode.PERMISSION_DENIED);
    assert.match(String(error.message), /denied by test rules/);
    await assert.rejects(
      engine.getDocument(owner(projectId), { name: `${documents}/rooms/x` }),
      /not found/i,
    );
  });

  it('identifies the caller from the Authorization in the handshake body or $httpHeaders; none is anonymous', async function () {
    const callers: string[] = [];
    engine.setAuthorizer({
      authorize(request: AccessRequest) {
        const caller = request.ctx.caller;
        callers.push(caller.kind === 'user' ? `user:${String(caller.token.sub)}` : caller.kind);
      },
    });
    const { database } = freshProject();
    const bearer = (sub: string) =>
      `Bearer e30.${Buffer.from(JSON.stringify({ sub, user_id: sub })).toString('base64url')}.`;

    const inBody = new RawChannel(server.baseUrl, 'Listen', database);
    await inBody.open([addTarget(database, 'rooms')], { Authorization: bearer('alice') });
    await inBody.pollUntil(isCurrent);

    const inParam = new RawChannel(server.baseUrl, 'Listen', database);
    await inParam.open(
      [addTarget(database, 'rooms')],
      {},
      { $httpHeaders: `Authorization:${bearer('bob')}\r\n` },
    );
    await inParam.pollUntil(isCurrent);

    const anonymous = new RawChannel(server.baseUrl, 'Listen', database);
    await anonymous.open([addTarget(database, 'rooms')]);
    await anonymous.pollUntil(isCurrent);

    assert.deepEqual(callers, ['user:alice', 'user:bob', 'anonymous']);
  });

  it('fails the stream with INVALID_ARGUMENT for a message that is not JSON, or a bad database', async function () {
    const { database } = freshProject();
    const channel = new RawChannel(server.baseUrl, 'Write', database);
    await channel.open([]);
    const body = `count=1&ofs=0&req0___data__=${encodeURIComponent('{not json')}`;
    const response = await fetch(channel.url({ SID: channel.sid, RID: 5, AID: 0 }), {
      method: 'POST',
      body,
    });
    assert.equal(response.status, 200);
    const [failure] = await channel.pollUntil((p) => p.length > 0);
    assert.equal((failure as { error: Payload }).error.status, 'INVALID_ARGUMENT');

    const badDatabase = new RawChannel(server.baseUrl, 'Listen', 'not-a-database');
    await badDatabase.open([{ database: 'x' }]);
    const [dbFailure] = await badDatabase.pollUntil((p) => p.length > 0);
    assert.equal((dbFailure as { error: Payload }).error.status, 'INVALID_ARGUMENT');
    assert.match(String((dbFailure as { error: Payload }).error.message), /database/);
  });

  it('rejects a malformed forward body with 400 and leaves the session usable', async function () {
    const { database } = freshProject();
    const channel = new RawChannel(server.baseUrl, 'Listen', database);
    await channel.open([]);
    const bad = await fetch(channel.url({ SID: channel.sid, RID: 5, AID: 0 }), {
      method: 'POST',
      body: 'count=x',
    });
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /count/);
    assert.equal((await channel.send([addTarget(database, 'rooms')], 0)).status, 200);
    await channel.pollUntil(isCurrent);
  });

  it('leaves other paths to the caller', async function () {
    const response = await fetch(
      `${server.baseUrl}/v1/projects/p/databases/(default)/documents/a/b`,
    );
    assert.equal(response.status, 404);
    assert.equal(await response.text(), 'not a WebChannel path');
  });
});
