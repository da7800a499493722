import assert from 'node:assert/strict';
import type { AccessRequest, CallContext } from '../../src/firestore/service.js';
import { createFirestoreEngine } from '../../src/firestore/engine/index.js';
import { DATABASE, PROJECT, doc, fields } from './helpers.js';

const user: CallContext = {
  projectId: PROJECT,
  databaseId: '(default)',
  caller: { kind: 'user', token: { sub: 'u1', user_id: 'u1' } },
};

/** The rules' document-read limit is 10 per single write and 20 per batch: the engine says which. */
describe('engine: access requests of a commit', () => {
  function recordingEngine() {
    const seen: AccessRequest[] = [];
    const engine = createFirestoreEngine({ authorizer: { authorize: (r) => void seen.push(r) } });
    return { engine, seen };
  }
  const update = (path: string) => ({ update: { name: doc(path), fields: fields({ n: 1 }) } });

  it('gives every write of a multi-write commit the same batch', async () => {
    const { engine, seen } = recordingEngine();
    await engine.commit(user, { database: DATABASE, writes: [update('a/1'), update('a/2')] });
    assert.equal(seen.length, 2);
    assert.ok(seen[0]!.batch);
    assert.equal(seen[0]!.batch, seen[1]!.batch);
  });

  it('treats a lone write outside a transaction as a single-document request', async () => {
    const { engine, seen } = recordingEngine();
    await engine.commit(user, { database: DATABASE, writes: [update('a/1')] });
    assert.equal(seen.length, 1);
    assert.equal(seen[0]!.batch, undefined);
  });

  it('batches the writes of a transaction, even a single one', async () => {
    const { engine, seen } = recordingEngine();
    const { transaction } = await engine.beginTransaction(user, { database: DATABASE });
    await engine.commit(user, { database: DATABASE, transaction, writes: [update('a/1')] });
    assert.ok(seen.at(-1)!.batch);
  });
});
