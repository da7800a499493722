import assert from 'node:assert/strict';
import { http } from '../support/clients.js';
import { startEmulator, uniqueProjectId, type RunningEmulator } from '../support/emulator.js';

/**
 * The REST v1 JSON surface at the HTTP level, as browsers and other REST clients see it: routes,
 * query parameters, streaming methods answered as JSON arrays, Google's error shape, CORS.
 */
describe('conformance: REST v1 surface', function () {
  let emulator: RunningEmulator;
  let projectId: string;
  let db: string;
  let docs: string;
  const owner = { authorization: 'Bearer owner' };

  before(async function () {
    emulator = await startEmulator();
    projectId = uniqueProjectId();
    db = `/v1/projects/${projectId}/databases/(default)`;
    docs = `${db}/documents`;
  });

  after(async function () {
    await emulator?.stop();
  });

  const str = (value: string) => ({ stringValue: value });
  const int = (value: number) => ({ integerValue: String(value) });

  it('creates, gets, patches and deletes a document', async function () {
    const created = await http(
      emulator,
      'POST',
      `${docs}/rest?documentId=one`,
      { fields: { a: str('x'), n: int(1) } },
      owner,
    );
    assert.equal(created.status, 200);
    assert.equal(created.body.name, `projects/${projectId}/databases/(default)/documents/rest/one`);
    assert.match(created.body.createTime, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);

    const again = await http(
      emulator,
      'POST',
      `${docs}/rest?documentId=one`,
      { fields: {} },
      owner,
    );
    assert.equal(again.status, 409);
    assert.equal(again.body.error.status, 'ALREADY_EXISTS');
    assert.equal(again.body.error.code, 409);
    assert.ok(again.body.error.message.length > 0);

    const masked = await http(
      emulator,
      'GET',
      `${docs}/rest/one?mask.fieldPaths=a`,
      undefined,
      owner,
    );
    assert.deepEqual(masked.body.fields, { a: str('x') });

    const patched = await http(
      emulator,
      'PATCH',
      `${docs}/rest/one?updateMask.fieldPaths=n&updateMask.fieldPaths=b&currentDocument.exists=true`,
      { fields: { n: int(2), b: { booleanValue: true }, ignored: str('not in mask') } },
      owner,
    );
    assert.equal(patched.status, 200);
    assert.deepEqual(patched.body.fields, { a: str('x'), n: int(2), b: { booleanValue: true } });

    const stale = await http(
      emulator,
      'PATCH',
      `${docs}/rest/one?currentDocument.updateTime=${encodeURIComponent(created.body.updateTime)}`,
      { fields: {} },
      owner,
    );
    assert.equal(stale.status, 400);
    assert.equal(stale.body.error.status, 'FAILED_PRECONDITION');

    assert.equal(
      (await http(emulator, 'DELETE', `${docs}/rest/one`, undefined, owner)).status,
      200,
    );
    const missing = await http(emulator, 'GET', `${docs}/rest/one`, undefined, owner);
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error.status, 'NOT_FOUND');
    const mustExist = await http(
      emulator,
      'DELETE',
      `${docs}/rest/one?currentDocument.exists=true`,
      undefined,
      owner,
    );
    assert.equal(mustExist.body.error.status, 'NOT_FOUND');
  });

  it('lists documents in pages and lists collection ids', async function () {
    for (const id of ['a', 'b', 'c']) {
      await http(emulator, 'PATCH', `${docs}/pages/${id}`, { fields: { id: str(id) } }, owner);
    }
    await http(emulator, 'PATCH', `${docs}/pages/a/child/x`, { fields: {} }, owner);
    const first = await http(emulator, 'GET', `${docs}/pages?pageSize=2`, undefined, owner);
    assert.deepEqual(
      first.body.documents.map((d: { name: string }) => d.name.split('/').pop()),
      ['a', 'b'],
    );
    assert.ok(first.body.nextPageToken);
    const second = await http(
      emulator,
      'GET',
      `${docs}/pages?pageSize=2&pageToken=${first.body.nextPageToken}`,
      undefined,
      owner,
    );
    assert.deepEqual(
      second.body.documents.map((d: { name: string }) => d.name.split('/').pop()),
      ['c'],
    );
    const collections = await http(
      emulator,
      'POST',
      `${docs}/pages/a:listCollectionIds`,
      {},
      owner,
    );
    assert.deepEqual(collections.body.collectionIds, ['child']);
  });

  it('answers runQuery, runAggregationQuery and batchGet as JSON arrays', async function () {
    for (const [id, n] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const) {
      await http(emulator, 'PATCH', `${docs}/q/${id}`, { fields: { n: int(n) } }, owner);
    }
    const structuredQuery = {
      from: [{ collectionId: 'q' }],
      where: { fieldFilter: { field: { fieldPath: 'n' }, op: 'GREATER_THAN', value: int(1) } },
      orderBy: [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' }],
      limit: 5,
    };
    const run = await http(emulator, 'POST', `${docs}:runQuery`, { structuredQuery }, owner);
    assert.equal(run.status, 200);
    assert.ok(Array.isArray(run.body));
    const names = run.body
      .filter((r: { document?: unknown }) => r.document)
      .map((r: { document: { name: string } }) => r.document.name.split('/').pop());
    assert.deepEqual(names, ['c', 'b']);

    const aggregation = await http(
      emulator,
      'POST',
      `${docs}:runAggregationQuery`,
      {
        structuredAggregationQuery: {
          structuredQuery: { from: [{ collectionId: 'q' }] },
          aggregations: [
            { alias: 'total', sum: { field: { fieldPath: 'n' } } },
            { alias: 'c', count: {} },
          ],
        },
      },
      owner,
    );
    assert.ok(Array.isArray(aggregation.body));
    assert.deepEqual(aggregation.body[0].result.aggregateFields, { total: int(6), c: int(3) });

    const batch = await http(
      emulator,
      'POST',
      `${docs}:batchGet`,
      {
        documents: [
          `projects/${projectId}/databases/(default)/documents/q/a`,
          `projects/${projectId}/databases/(default)/documents/q/zz`,
        ],
      },
      owner,
    );
    assert.ok(Array.isArray(batch.body));
    assert.equal(batch.body.length, 2);
    assert.ok(batch.body.some((r: { found?: unknown }) => r.found));
    assert.ok(batch.body.some((r: { missing?: string }) => r.missing?.endsWith('/q/zz')));
  });

  it('commits transactions with transforms, and rolls back', async function () {
    const name = `projects/${projectId}/databases/(default)/documents/tx/one`;
    const begun = await http(emulator, 'POST', `${docs}:beginTransaction`, {}, owner);
    assert.equal(typeof begun.body.transaction, 'string');
    const commit = await http(
      emulator,
      'POST',
      `${docs}:commit`,
      {
        transaction: begun.body.transaction,
        writes: [
          {
            update: { name, fields: { hi: int(5), lo: int(5) } },
            updateTransforms: [
              { fieldPath: 'hi', maximum: int(9) },
              { fieldPath: 'lo', minimum: int(2) },
              { fieldPath: 'at', setToServerValue: 'REQUEST_TIME' },
            ],
          },
        ],
      },
      owner,
    );
    assert.equal(commit.status, 200);
    assert.equal(commit.body.writeResults.length, 1);
    const stored = await http(emulator, 'GET', `${docs}/tx/one`, undefined, owner);
    assert.deepEqual(stored.body.fields.hi, int(9));
    assert.deepEqual(stored.body.fields.lo, int(2));
    assert.equal(stored.body.fields.at.timestampValue, commit.body.commitTime);

    const other = await http(emulator, 'POST', `${docs}:beginTransaction`, {}, owner);
    const rolledBack = await http(
      emulator,
      'POST',
      `${docs}:rollback`,
      { transaction: other.body.transaction },
      owner,
    );
    assert.equal(rolledBack.status, 200);
  });

  it('reports each write of a batchWrite separately', async function () {
    const base = `projects/${projectId}/databases/(default)/documents/bw`;
    const result = await http(
      emulator,
      'POST',
      `${docs}:batchWrite`,
      {
        writes: [
          { update: { name: `${base}/ok`, fields: {} } },
          { update: { name: `${base}/missing`, fields: {} }, currentDocument: { exists: true } },
        ],
      },
      owner,
    );
    assert.equal(result.status, 200);
    assert.equal(result.body.status[0].code ?? 0, 0);
    assert.equal(result.body.status[1].code, 5);
    assert.equal((await http(emulator, 'GET', `${docs}/bw/ok`, undefined, owner)).status, 200);
    assert.equal((await http(emulator, 'GET', `${docs}/bw/missing`, undefined, owner)).status, 404);
  });

  it('accepts the browser SDK form: text/plain JSON and CORS', async function () {
    const preflight = await fetch(`${emulator.baseUrl}${docs}:commit`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-goog-api-client,authorization',
      },
    });
    assert.ok(preflight.status === 200 || preflight.status === 204);
    assert.ok(
      ['*', 'http://localhost:5173'].includes(
        preflight.headers.get('access-control-allow-origin')!,
      ),
    );
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
    assert.match(
      preflight.headers.get('access-control-allow-headers') ?? '',
      /x-goog-api-client|\*/i,
    );

    const response = await fetch(`${emulator.baseUrl}${docs}:commit`, {
      method: 'POST',
      headers: { origin: 'http://localhost:5173', 'content-type': 'text/plain' },
      body: JSON.stringify({
        writes: [
          {
            update: {
              name: `projects/${projectId}/databases/(default)/documents/cors/a`,
              fields: { v: int(1) },
            },
          },
        ],
      }),
    });
    assert.equal(response.status, 200);
    assert.ok(
      ['*', 'http://localhost:5173'].includes(response.headers.get('access-control-allow-origin')!),
    );

    const error = await fetch(`${emulator.baseUrl}${docs}/cors/none`, {
      headers: { origin: 'http://localhost:5173' },
    });
    assert.equal(error.status, 404);
    assert.ok(error.headers.get('access-control-allow-origin'));
  });
});
