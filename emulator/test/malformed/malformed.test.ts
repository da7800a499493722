import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import * as grpc from '@grpc/grpc-js';
import protobuf from 'protobufjs';
import { adminFirestore, http } from '../support/clients.js';
import { startEmulator, uniqueProjectId, type RunningEmulator } from '../support/emulator.js';

/**
 * Malformed and invalid requests of every method, over raw gRPC and raw REST: each must be
 * answered with the status the SDKs expect and a message, the process must stay up, and the
 * data must be exactly as before (no half-applied write).
 */

const require = createRequire(import.meta.url);
const root = protobuf.Root.fromJSON(
  JSON.parse(readFileSync(require.resolve('@google-cloud/firestore/build/protos/v1.json'), 'utf8')),
);
const SERVICE = 'google.firestore.v1.Firestore';
const type = (name: string) => root.lookupType(`google.firestore.v1.${name}`);
const encode = (name: string, value: object): Buffer =>
  Buffer.from(type(name).encode(type(name).fromObject(value)).finish());

const INVALID_ARGUMENT = grpc.status.INVALID_ARGUMENT;
const NOT_FOUND = grpc.status.NOT_FOUND;
const ALREADY_EXISTS = grpc.status.ALREADY_EXISTS;
const UNIMPLEMENTED = grpc.status.UNIMPLEMENTED;

interface Outcome {
  code: number;
  details: string;
}

describe('malformed requests', function () {
  let emulator: RunningEmulator;
  let client: grpc.Client;
  const projectId = uniqueProjectId('demo-malformed');
  const database = `projects/${projectId}/databases/(default)`;
  const documents = `${database}/documents`;
  let dataBefore: string;

  const metadata = () => {
    const m = new grpc.Metadata();
    m.set('authorization', 'Bearer owner');
    m.set('google-cloud-resource-prefix', database);
    return m;
  };

  function unary(method: string, request: Buffer): Promise<Outcome> {
    return new Promise((resolve) => {
      client.makeUnaryRequest(
        `/${SERVICE}/${method}`,
        (b: Buffer) => b,
        (b: Buffer) => b,
        request,
        metadata(),
        (error) => resolve({ code: error?.code ?? grpc.status.OK, details: error?.details ?? '' }),
      );
    });
  }

  function serverStream(method: string, request: Buffer): Promise<Outcome> {
    return new Promise((resolve) => {
      const call = client.makeServerStreamRequest(
        `/${SERVICE}/${method}`,
        (b: Buffer) => b,
        (b: Buffer) => b,
        request,
        metadata(),
      );
      call.on('data', () => undefined);
      call.on('status', (status: grpc.StatusObject) =>
        resolve({ code: status.code, details: status.details }),
      );
      call.on('error', () => undefined);
    });
  }

  /** Sends messages on a bidi stream; resolves with the stream's status or its first REMOVE cause. */
  function bidi(method: string, requests: Buffer[]): Promise<Outcome> {
    return new Promise((resolve) => {
      const call = client.makeBidiStreamRequest(
        `/${SERVICE}/${method}`,
        (b: Buffer) => b,
        (b: Buffer) => b,
        metadata(),
      );
      call.on('data', (bytes: Buffer) => {
        const response = type(`${method}Response`).toObject(
          type(`${method}Response`).decode(bytes),
          { enums: String },
        ) as {
          targetChange?: { targetChangeType?: string; cause?: { code: number; message: string } };
        };
        const cause = response.targetChange?.cause;
        if (response.targetChange?.targetChangeType === 'REMOVE' && cause) {
          resolve({ code: cause.code, details: cause.message });
          call.cancel();
        }
      });
      call.on('status', (status: grpc.StatusObject) =>
        resolve({ code: status.code, details: status.details }),
      );
      call.on('error', () => undefined);
      for (const request of requests) call.write(request);
    });
  }

  /** Every stored document of the project, with its update time, as one comparable string. */
  async function snapshotOfData(): Promise<string> {
    const { db, close } = adminFirestore(emulator, projectId);
    try {
      const rows: string[] = [];
      for (const collection of await db.listCollections()) {
        for (const d of (await collection.get()).docs) {
          rows.push(
            `${d.ref.path} ${d.updateTime.toDate().toISOString()} ${JSON.stringify(d.data())}`,
          );
        }
      }
      return rows.sort().join('\n');
    } finally {
      await close();
    }
  }

  before(async function () {
    emulator = await startEmulator();
    client = new grpc.Client(emulator.hostPort, grpc.credentials.createInsecure());
    const { db, close } = adminFirestore(emulator, projectId);
    try {
      await db.doc('items/a').set({ n: 1, tags: ['x'] });
      await db.doc('items/b').set({ n: 2 });
      await db.doc('other/c').set({ nested: { ok: true } });
    } finally {
      await close();
    }
    dataBefore = await snapshotOfData();
  });

  after(async function () {
    client?.close();
    await emulator?.stop();
  });

  const expectCode = (outcome: Outcome, code: number) => {
    assert.equal(
      outcome.code,
      code,
      `expected status ${code}, got ${outcome.code}: ${outcome.details}`,
    );
    assert.ok(outcome.details.length > 0, 'the error says what was wrong');
  };

  describe('over gRPC', function () {
    it('rejects bytes that are not a protobuf message', async function () {
      expectCode(
        await unary('Commit', Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f])),
        INVALID_ARGUMENT,
      );
      expectCode(await unary('GetDocument', Buffer.from([0x0a, 0x50, 0x01])), INVALID_ARGUMENT);
    });

    it('answers an unknown method with UNIMPLEMENTED', async function () {
      expectCode(await unary('NoSuchMethod', Buffer.alloc(0)), UNIMPLEMENTED);
    });

    it('GetDocument: bad and collection names', async function () {
      expectCode(await unary('GetDocument', encode('GetDocumentRequest', {})), INVALID_ARGUMENT);
      expectCode(
        await unary('GetDocument', encode('GetDocumentRequest', { name: 'not/a/resource' })),
        INVALID_ARGUMENT,
      );
      expectCode(
        await unary('GetDocument', encode('GetDocumentRequest', { name: `${documents}/items` })),
        INVALID_ARGUMENT,
      );
      expectCode(
        await unary('GetDocument', encode('GetDocumentRequest', { name: `${documents}/items/zz` })),
        NOT_FOUND,
      );
    });

    it('ListDocuments: bad parent', async function () {
      expectCode(
        await unary(
          'ListDocuments',
          encode('ListDocumentsRequest', { parent: 'bogus', collectionId: 'items' }),
        ),
        INVALID_ARGUMENT,
      );
      expectCode(
        await unary(
          'ListDocuments',
          encode('ListDocumentsRequest', { parent: `${documents}/items`, collectionId: 'x' }),
        ),
        INVALID_ARGUMENT,
      );
    });

    it('CreateDocument: bad id, existing document, empty value', async function () {
      expectCode(
        await unary(
          'CreateDocument',
          encode('CreateDocumentRequest', {
            parent: documents,
            collectionId: 'items',
            documentId: 'a/b',
            document: {},
          }),
        ),
        INVALID_ARGUMENT,
      );
      expectCode(
        await unary(
          'CreateDocument',
          encode('CreateDocumentRequest', {
            parent: documents,
            collectionId: 'items',
            documentId: 'a',
            document: {},
          }),
        ),
        ALREADY_EXISTS,
      );
      expectCode(
        await unary(
          'CreateDocument',
          encode('CreateDocumentRequest', {
            parent: documents,
            collectionId: 'items',
            documentId: 'new',
            document: { fields: { v: {} } },
          }),
        ),
        INVALID_ARGUMENT,
      );
    });

    it('UpdateDocument: missing document with exists precondition, bad field path in the mask', async function () {
      expectCode(
        await unary(
          'UpdateDocument',
          encode('UpdateDocumentRequest', {
            document: { name: `${documents}/items/zz`, fields: {} },
            currentDocument: { exists: true },
          }),
        ),
        NOT_FOUND,
      );
      expectCode(
        await unary(
          'UpdateDocument',
          encode('UpdateDocumentRequest', {
            document: { name: `${documents}/items/a`, fields: {} },
            updateMask: { fieldPaths: ['a..b'] },
          }),
        ),
        INVALID_ARGUMENT,
      );
    });

    it('DeleteDocument: collection name, missing with exists precondition', async function () {
      expectCode(
        await unary(
          'DeleteDocument',
          encode('DeleteDocumentRequest', { name: `${documents}/items` }),
        ),
        INVALID_ARGUMENT,
      );
      expectCode(
        await unary(
          'DeleteDocument',
          encode('DeleteDocumentRequest', {
            name: `${documents}/items/zz`,
            currentDocument: { exists: true },
          }),
        ),
        NOT_FOUND,
      );
    });

    it('BatchGetDocuments: bad document name', async function () {
      expectCode(
        await serverStream(
          'BatchGetDocuments',
          encode('BatchGetDocumentsRequest', { database, documents: ['bad'] }),
        ),
        INVALID_ARGUMENT,
      );
    });

    it('BeginTransaction and Rollback: bad database, unknown transaction', async function () {
      expectCode(
        await unary(
          'BeginTransaction',
          encode('BeginTransactionRequest', { database: 'projects/only' }),
        ),
        INVALID_ARGUMENT,
      );
      expectCode(
        await unary(
          'Rollback',
          encode('RollbackRequest', { database, transaction: Buffer.from('nope') }),
        ),
        INVALID_ARGUMENT,
      );
    });

    it('Commit: one bad write fails the whole commit', async function () {
      expectCode(
        await unary(
          'Commit',
          encode('CommitRequest', {
            database,
            writes: [
              { update: { name: `${documents}/items/a`, fields: { n: { integerValue: 100 } } } },
              { update: { name: `${documents}/items/half`, fields: {} } },
              { delete: `${documents}/items` },
            ],
          }),
        ),
        INVALID_ARGUMENT,
      );
      expectCode(
        await unary(
          'Commit',
          encode('CommitRequest', {
            database,
            writes: [
              { update: { name: `${documents}/items/a`, fields: { n: { integerValue: 100 } } } },
              {
                update: { name: `${documents}/items/zz`, fields: {} },
                currentDocument: { exists: true },
              },
            ],
          }),
        ),
        NOT_FOUND,
      );
      expectCode(
        await unary(
          'Commit',
          encode('CommitRequest', { database, transaction: Buffer.from('bogus'), writes: [] }),
        ),
        INVALID_ARGUMENT,
      );
    });

    it('RunQuery and RunAggregationQuery: invalid queries', async function () {
      const from = [{ collectionId: 'items' }];
      expectCode(
        await serverStream(
          'RunQuery',
          encode('RunQueryRequest', {
            parent: documents,
            structuredQuery: {
              from,
              where: {
                fieldFilter: {
                  field: { fieldPath: 'n' },
                  op: 'OPERATOR_UNSPECIFIED',
                  value: { integerValue: 1 },
                },
              },
            },
          }),
        ),
        INVALID_ARGUMENT,
      );
      expectCode(
        await serverStream(
          'RunQuery',
          encode('RunQueryRequest', {
            parent: documents,
            structuredQuery: { from, limit: { value: -1 } },
          }),
        ),
        INVALID_ARGUMENT,
      );
      expectCode(
        await serverStream(
          'RunAggregationQuery',
          encode('RunAggregationQueryRequest', {
            parent: documents,
            structuredAggregationQuery: {
              structuredQuery: { from },
              aggregations: [
                { alias: 'x', count: {} },
                { alias: 'x', count: {} },
              ],
            },
          }),
        ),
        INVALID_ARGUMENT,
      );
    });

    it('ListCollectionIds and BatchWrite: bad names', async function () {
      expectCode(
        await unary('ListCollectionIds', encode('ListCollectionIdsRequest', { parent: 'bogus' })),
        INVALID_ARGUMENT,
      );
      expectCode(
        await unary(
          'BatchWrite',
          encode('BatchWriteRequest', {
            database,
            writes: [{ update: { name: 'bogus', fields: {} } }],
          }),
        ),
        INVALID_ARGUMENT,
      );
    });

    it('Write and Listen streams: invalid requests', async function () {
      expectCode(
        await bidi('Write', [
          encode('WriteRequest', { database, writes: [{ delete: `${documents}/items` }] }),
        ]),
        INVALID_ARGUMENT,
      );
      expectCode(
        await bidi('Listen', [
          encode('ListenRequest', {
            database,
            addTarget: { targetId: 1, documents: { documents: ['bogus'] } },
          }),
        ]),
        INVALID_ARGUMENT,
      );
      expectCode(await bidi('Listen', [Buffer.from([0xff, 0xff, 0xff])]), INVALID_ARGUMENT);
    });

    it('survives a broken HTTP/2 connection', async function () {
      await new Promise<void>((resolve) => {
        const socket = net.connect(emulator.port, emulator.host, () => {
          socket.write('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');
          socket.write(Buffer.from([0, 0, 4, 0xff, 0, 0, 0, 0, 1, 1, 2, 3, 4]));
        });
        socket.on('error', () => resolve());
        socket.on('close', () => resolve());
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 1000);
      });
    });
  });

  describe('over REST', function () {
    const owner = { authorization: 'Bearer owner' };
    const path = `/v1/${documents}`;

    it('rejects bodies that are not JSON objects or do not fit the message', async function () {
      const cases: [string, string, unknown][] = [
        ['POST', `${path}:commit`, '{not json'],
        ['POST', `${path}:commit`, '[1,2]'],
        [
          'POST',
          `${path}:commit`,
          {
            writes: [
              { update: { name: `${documents}/items/a`, fields: { n: { integerValue: 'abc' } } } },
            ],
          },
        ],
        ['POST', `${path}:commit`, { unknownField: true }],
        [
          'POST',
          `${path}:commit`,
          {
            writes: [
              {
                update: { name: `${documents}/items/a` },
                currentDocument: { updateTime: 'yesterday' },
              },
            ],
          },
        ],
        [
          'POST',
          `${path}:runQuery`,
          {
            structuredQuery: {
              from: [{ collectionId: 'items' }],
              where: { fieldFilter: { op: 'LIKE' } },
            },
          },
        ],
        ['POST', `${path}:runAggregationQuery`, { structuredAggregationQuery: 'count' }],
        ['POST', `${path}:batchGet`, { documents: 'items/a' }],
        ['POST', `${path}:beginTransaction`, { options: { readOnly: { readTime: 12 } } }],
        ['POST', `${path}:rollback`, { transaction: '!!not base64!!' }],
        ['POST', `${path}:listCollectionIds`, { pageSize: 'many' }],
        ['POST', `${path}:batchWrite`, { writes: [{ update: { name: 'bogus', fields: {} } }] }],
        [
          'PATCH',
          `${path}/items/a`,
          { fields: { n: { integerValue: 1 } }, createTime: 'not a time' },
        ],
        ['PATCH', `${path}/items/a?currentDocument.exists=maybe`, { fields: {} }],
        ['PATCH', `${path}/items/a?noSuchParam=1`, { fields: {} }],
        ['POST', `${path}/items?documentId=x%2Fy`, { fields: {} }],
        ['GET', `${path}/items/%E0%A4%A`, undefined],
        ['DELETE', `${path}/items`, undefined],
      ];
      for (const [method, url, body] of cases) {
        const response = await http(emulator, method, url, body, owner);
        assert.ok(
          [400, 404].includes(response.status),
          `${method} ${url} ${JSON.stringify(body)} → ${response.status} ${JSON.stringify(response.body)}`,
        );
        assert.equal(
          typeof response.body.error?.message,
          'string',
          `${method} ${url}: Google error shape`,
        );
        assert.ok(['INVALID_ARGUMENT', 'NOT_FOUND'].includes(response.body.error.status));
        assert.equal(response.body.error.code, response.status);
      }
    });

    it('answers unknown routes and verbs with NOT_FOUND or UNIMPLEMENTED', async function () {
      assert.equal((await http(emulator, 'POST', `${path}:explode`, {}, owner)).status, 404);
      assert.equal((await http(emulator, 'GET', '/v1/nothing', undefined, owner)).status, 404);
      assert.equal((await http(emulator, 'PUT', `${path}/items/a`, {}, owner)).status, 501);
      assert.equal((await http(emulator, 'POST', `${path}:listen`, {}, owner)).status, 501);
    });

    it('rejects malformed emulator endpoint calls', async function () {
      const p = `/emulator/v1/projects/${projectId}`;
      assert.equal(
        (await http(emulator, 'POST', `${p}/eventarcTrigger`, { eventType: 'x' })).status,
        400,
      );
      assert.equal(
        (
          await http(emulator, 'POST', `${p}/eventarcTrigger?eventarcTriggerId=t`, {
            eventType: 'nope',
          })
        ).status,
        400,
      );
      assert.equal(
        (await http(emulator, 'PUT', `${p}/triggers/t`, { eventTrigger: { eventType: 'x' } }))
          .status,
        400,
      );
      assert.equal((await http(emulator, 'PUT', `${p}:securityRules`, { rules: {} })).status, 400);
      assert.equal(
        (await http(emulator, 'POST', `${p}:export`, { export_directory: 42 })).status,
        400,
      );
      assert.equal((await http(emulator, 'POST', `${p}:export`, '{broken')).status, 400);
    });

    it('survives garbage on an HTTP/1 connection', async function () {
      await new Promise<void>((resolve) => {
        const socket = net.connect(emulator.port, emulator.host, () =>
          socket.write('GARBAGE \x00\x01\x02\r\n\r\n'),
        );
        socket.on('data', () => socket.destroy());
        socket.on('close', () => resolve());
        socket.on('error', () => resolve());
      });
    });
  });

  describe('afterwards', function () {
    it('the process is still up and the data is exactly as before', async function () {
      assert.ok(emulator.alive(), emulator.output());
      assert.equal((await http(emulator, 'GET', '/')).status, 200);
      assert.equal(await snapshotOfData(), dataBefore);
    });
  });
});
